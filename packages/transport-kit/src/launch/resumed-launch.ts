import type { ResumeTranscripts, TransportLaunch } from '@hexagent/core';
import { valueFlag } from './cli-args/flag-forms.js';

/**
 * The `resume` a store resume's launch is built with while its session id is still to be found
 * (`continue`: the latest session of the store): {@link resumedLaunch} puts the id in its place.
 */
export const PENDING_RESUME = '<store-resume-pending>';

/** What a store resume found: the session's id and the directory it was loaded into. */
export interface ResumeFacts {
  /** The session resumed; `undefined` when the store has none (the pending `--resume` is dropped). */
  sessionId?: string | undefined;
  /** The local config directory the session was loaded into, when it was loaded. */
  configDir?: string | undefined;
  /** The transcripts written there, as loaded (the launch's `resumeTranscripts`). */
  transcripts?: ResumeTranscripts | undefined;
}

/**
 * A launch built once (`buildTransportLaunch`, with `resume` set, or {@link PENDING_RESUME}) made
 * the launch of a store resume, without building it again: the pending `--resume` becomes the
 * session's id (or goes), the local environment names the loaded directory as
 * `CLAUDE_CONFIG_DIR` ({@link withResumeConfigDir}), and the transcripts loaded ride along as
 * `resumeTranscripts` for a transport whose CLI runs elsewhere. Pure.
 *
 * @example
 * ```ts
 * const launch = buildTransportLaunch({ ...options, resume: PENDING_RESUME });
 * resumedLaunch(launch, { sessionId, configDir, transcripts }).args; // [..., `--resume=${sessionId}`, ...]
 * ```
 */
export function resumedLaunch(launch: TransportLaunch, facts: ResumeFacts): TransportLaunch {
  const pending = valueFlag('resume', PENDING_RESUME);
  const { sessionId, configDir, transcripts } = facts;
  const args = launch.args.flatMap((arg) =>
    arg !== pending ? [arg] : sessionId === undefined ? [] : [valueFlag('resume', sessionId)],
  );
  if (configDir === undefined) return { ...launch, args };
  const resumed = { ...launch, args, ...withResumeConfigDir(launch.env, launch.remoteEnv, configDir) };
  return transcripts === undefined ? resumed : { ...resumed, resumeTranscripts: transcripts };
}

/**
 * The environments of a launch resumed from `configDir`: the local CLI resumes from the loaded
 * copy (`CLAUDE_CONFIG_DIR`); a CLI elsewhere never sees this machine's path. Pure.
 */
export function withResumeConfigDir(
  env: Readonly<Record<string, string | undefined>>,
  remoteEnv: Readonly<Record<string, string>>,
  configDir: string,
): Pick<TransportLaunch, 'env' | 'remoteEnv' | 'resumeConfigDir'> {
  const { CLAUDE_CONFIG_DIR: _remoteDir, ...remote } = remoteEnv;
  return { env: { ...env, CLAUDE_CONFIG_DIR: configDir }, remoteEnv: remote, resumeConfigDir: configDir };
}
