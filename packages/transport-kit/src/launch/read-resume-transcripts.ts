import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { TransportLaunch } from '@hexagent/core';
import type { RelayResume, RelayTranscriptFile } from '../relay/relay-protocol.js';

/**
 * The transcripts of a launch resumed from a session store, for a CLI on another host to resume
 * (the relay's hello, a command wrapper's far side): the launch's `resumeTranscripts`, the data
 * loaded from the store, so nothing is read back from disk. Only a launch that names a
 * `resumeConfigDir` without them (one built by hand) has its directory read
 * ({@link readResumeTranscripts}). Resolves with `undefined` for a launch that resumes nothing
 * from a store.
 *
 * @example
 * ```ts
 * const resume = await launchResumeTranscripts(launch);
 * // write each file.content of resume?.files to <far config dir>/projects/<file.path>
 * ```
 */
export async function launchResumeTranscripts(
  launch: Pick<TransportLaunch, 'resumeConfigDir' | 'resumeTranscripts'>,
): Promise<RelayResume | undefined> {
  if (launch.resumeTranscripts !== undefined) return { files: [...launch.resumeTranscripts.files] };
  if (launch.resumeConfigDir === undefined) return undefined;
  return readResumeTranscripts(launch.resumeConfigDir);
}

/**
 * The transcripts of a session loaded from a session store into `configDir` (a CLI config
 * directory on this machine, the launch's `resumeConfigDir`), for a CLI on another host to resume
 * (the relay's hello, a command wrapper's far side): every `.jsonl` and `.meta.json` file under
 * `<configDir>/projects`, by its `/`-separated path there, main transcript first. The config files
 * beside them (this machine's credentials and settings) stay here: the far side's CLI uses its own.
 *
 * For a launch without `resumeTranscripts` only: a store resume's launch carries the transcripts
 * it loaded, so a transport calls {@link launchResumeTranscripts} rather than reading them back.
 *
 * @example
 * ```ts
 * const { files } = await readResumeTranscripts('/tmp/claude-resume-x');
 * ```
 */
export async function readResumeTranscripts(configDir: string): Promise<RelayResume> {
  const projects = join(configDir, 'projects');
  const entries = await readdir(projects, { recursive: true, withFileTypes: true });
  const files: RelayTranscriptFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(?:jsonl|meta\.json)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    files.push({ path: relative(projects, file).split(sep).join('/'), content: await readFile(file, 'utf8') });
  }
  // Deterministic order: the main transcript before its sub-agents.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files };
}
