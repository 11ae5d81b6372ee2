import type { TransportLaunch } from '@hexagent/core';
import { removeResumeConfigDir, writeResumeConfigDir } from './write-resume-config-dir.js';

/**
 * The private config directory a transport that runs the CLI on this machine writes for a launch
 * resumed from a store (`resumeTranscripts`): {@link launchFor} writes it (with
 * {@link writeResumeConfigDir}) and names it as the CLI's `CLAUDE_CONFIG_DIR`; {@link remove} takes
 * it away once the CLI no longer runs in it (at close, and on a failed start).
 *
 * @example
 * ```ts
 * const resume = new ResumeConfigDir();
 * const launch = await resume.launchFor(transportLaunch); // start the CLI with launch.env
 * // ... transport.cliConfigDir returns resume.dir; at close:
 * await resume.remove();
 * ```
 */
export class ResumeConfigDir {
  private written: string | undefined;

  /** The directory, once written (kept after {@link remove}, for the mirror's paths); `undefined` before. */
  get dir(): string | undefined {
    return this.written;
  }

  /** `launch` as the CLI runs it: unchanged without transcripts, else in a directory written for them. */
  async launchFor(launch: TransportLaunch): Promise<TransportLaunch> {
    if (launch.resumeTranscripts === undefined) return launch;
    this.written = await writeResumeConfigDir(launch.resumeTranscripts, launch.env);
    return { ...launch, env: { ...launch.env, CLAUDE_CONFIG_DIR: this.written } };
  }

  /** Removes the directory, if one was written. */
  async remove(): Promise<void> {
    if (this.written !== undefined) await removeResumeConfigDir(this.written);
  }
}
