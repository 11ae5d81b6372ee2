import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RelayTranscriptFile } from '@hexagent/transport-kit';

/** What the CLI reads from its config directory besides transcripts: credentials, onboarding state, settings. */
const CONFIG_FILES = ['.credentials.json', '.config.json', 'settings.json'];

/** The config directory the CLI uses with environment `env`: `CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function cliConfigDirFor(env: Readonly<Record<string, string | undefined>>): string {
  return env.CLAUDE_CONFIG_DIR ?? join(env.HOME ?? homedir(), '.claude');
}

/**
 * A config directory of one connection's own, `<parent>/hexagent-relay-resume-<random>` (mode
 * 0700, files 0600; `parent` is the relay's runtime directory), where the CLI resumes a session a client loaded from its store: the
 * transcripts (checked by `checkResume`) under `projects/`, and copies of the CLI's own config
 * files (from `env`'s config directory, and its `.claude.json`), so the CLI starts there as it
 * would in its own. The client's local resume does the same on its machine.
 */
export async function createResumeConfigDir(
  files: readonly RelayTranscriptFile[],
  env: Readonly<Record<string, string | undefined>>,
  parent: string = tmpdir(),
): Promise<string> {
  const dir = await mkdtemp(join(parent, 'hexagent-relay-resume-'));
  try {
    for (const file of files) {
      const target = join(dir, 'projects', ...file.path.split('/'));
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

/** Removes a directory {@link createResumeConfigDir} made; never throws. */
export async function removeResumeConfigDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
}
