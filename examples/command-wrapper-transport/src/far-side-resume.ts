import type { ResumeTranscripts } from '@hexagent/core';
import { ENV_FROM_STDIN_SCRIPT, encodeEnvForStdin } from '@hexagent/transport-kit';

/** Runs a command on the far side with some input, resolving with what it printed. */
export type FarSideRunner = (command: readonly string[], input?: string) => Promise<string>;

/** The prefix of the far side's config directories for resumed sessions, under its `TMPDIR`. */
export const RESUME_DIR_PREFIX = 'hexagent-wrapper-resume-';

/**
 * Makes a private config directory on the far side (mode 0700) with copies of the far side CLI's
 * own config files (credentials, onboarding state, settings: from `CLAUDE_CONFIG_DIR`, else
 * `~/.claude`), and prints its path.
 */
const MAKE_CONFIG_DIR = [
  'umask 077',
  `dir=$(mktemp -d "\${TMPDIR:-/tmp}/${RESUME_DIR_PREFIX}XXXXXX") || exit 1`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JavaScript template
  'from=${CLAUDE_CONFIG_DIR:-$HOME/.claude}',
  'for name in .credentials.json .config.json settings.json; do cp -- "$from/$name" "$dir/" 2>/dev/null; done',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JavaScript template
  'cp -- "${CLAUDE_CONFIG_DIR:-$HOME}/.claude.json" "$dir/" 2>/dev/null',
  'printf "%s" "$dir"',
].join('\n');

/** Writes its input to the file `$1` (mode 0600), making its directories. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JavaScript template
const WRITE_FILE = 'umask 077 && mkdir -p -- "${1%/*}" && cat > "$1"';

/**
 * Takes a session resumed from a store (the launch's transcripts: `launch.resumeTranscripts`) to the
 * far side: a config directory of its own there, the transcripts under its `projects/`, one wrapper
 * call per file (their content on stdin, never on a command line). `remoteEnv` (over stdin) tells
 * the far side where its CLI's own config is. Resolves with the far directory: the CLI's
 * `CLAUDE_CONFIG_DIR`, to remove with {@link removeFarSideDir} once it has exited.
 */
export async function uploadResume(
  run: FarSideRunner,
  transcripts: ResumeTranscripts,
  remoteEnv: Readonly<Record<string, string>>,
): Promise<string> {
  const { files } = transcripts;
  const withEnv = ['sh', '-c', ENV_FROM_STDIN_SCRIPT, 'hexagent-env', 'sh', '-c', MAKE_CONFIG_DIR, 'hexagent-dir'];
  const dir = (await run(withEnv, encodeEnvForStdin(remoteEnv))).trim();
  if (!dir.includes(RESUME_DIR_PREFIX)) throw new Error(`The far side made no config directory (it said ${dir})`);
  try {
    for (const file of files) {
      await run(['sh', '-c', WRITE_FILE, 'hexagent-put', `${dir}/projects/${file.path}`], file.content);
    }
  } catch (error) {
    await removeFarSideDir(run, dir);
    throw error;
  }
  return dir;
}

/** Removes a directory {@link uploadResume} made on the far side; never throws. */
export async function removeFarSideDir(run: FarSideRunner, dir: string): Promise<void> {
  if (!dir.includes(RESUME_DIR_PREFIX)) return;
  await run(['rm', '-rf', '--', dir]).catch(() => {});
}
