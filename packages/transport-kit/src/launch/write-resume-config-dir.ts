import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ResumeTranscripts, TransportStartError } from '@hexagent/core';

/** What the CLI reads from its config directory besides transcripts: credentials, onboarding state, settings. */
const CONFIG_FILES = ['.credentials.json', '.config.json', 'settings.json'];

/** Where {@link writeResumeConfigDir} makes its directory, and what the directory's name starts with. */
export interface WriteResumeConfigDirOptions {
  /** The parent directory; `os.tmpdir()` by default. */
  readonly parent?: string | undefined;
  /** The start of the directory's name, before a random suffix; `claude-resume-` by default. */
  readonly prefix?: string | undefined;
}

/** The config directory the CLI uses with environment `env`: `CLAUDE_CONFIG_DIR`, else `~/.claude` of its `HOME`. */
export function cliConfigDirFor(env: Readonly<Record<string, string | undefined>>): string {
  return env.CLAUDE_CONFIG_DIR ?? join(env.HOME ?? homedir(), '.claude');
}

/**
 * Writes a session resumed from a store where a CLI on this machine resumes it: a new private
 * directory `<parent>/<prefix><random>` (mode 0700, files 0600) to be the CLI's
 * `CLAUDE_CONFIG_DIR`, holding each of `transcripts.files` under `projects/` and copies of the
 * config files the CLI with environment `env` reads (`.credentials.json`, `.config.json`,
 * `settings.json` of its config dir, and its `.claude.json`), so the CLI starts there as it would
 * in its own; a file the CLI does not have is not copied. The transport that started the CLI
 * removes the directory ({@link removeResumeConfigDir}) once the CLI has stopped.
 *
 * @throws TransportStartError for a transcript path that would leave `projects/` (the directory is
 * then removed); the file system's error when the directory cannot be written.
 * @example
 * ```ts
 * const dir = await writeResumeConfigDir(launch.resumeTranscripts, launch.env);
 * spawnCli({ ...launch.env, CLAUDE_CONFIG_DIR: dir });
 * // once the CLI has exited:
 * await removeResumeConfigDir(dir);
 * ```
 */
export async function writeResumeConfigDir(
  transcripts: ResumeTranscripts,
  env: Readonly<Record<string, string | undefined>>,
  options: WriteResumeConfigDirOptions = {},
): Promise<string> {
  const dir = await mkdtemp(join(options.parent ?? tmpdir(), options.prefix ?? 'claude-resume-'));
  try {
    for (const file of transcripts.files) {
      const parts = file.path.split('/');
      if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
        throw new TransportStartError({ message: `A transcript to resume has an unsafe path: ${file.path}` });
      }
      const target = join(dir, 'projects', ...parts);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, file.content, { mode: 0o600 });
    }
    const from = cliConfigDirFor(env);
    const copies: Array<[string, string]> = [
      [join(env.CLAUDE_CONFIG_DIR ?? env.HOME ?? homedir(), '.claude.json'), join(dir, '.claude.json')],
      ...CONFIG_FILES.map((name): [string, string] => [join(from, name), join(dir, name)]),
    ];
    // A file the CLI does not have is not needed.
    await Promise.all(copies.map(([source, target]) => copyFile(source, target).catch(() => {})));
    return dir;
  } catch (error) {
    await removeResumeConfigDir(dir);
    throw error;
  }
}

/** Removes a directory {@link writeResumeConfigDir} made, retrying briefly on a busy file system; never throws. */
export async function removeResumeConfigDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 4, retryDelay: 100 }).catch(() => {});
}
