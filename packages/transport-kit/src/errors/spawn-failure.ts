import { CliNotFoundError } from './cli-not-found-error.js';
import { CommandNotFoundError, errorCode } from './command-not-found-error.js';
import { ProcessError } from './process-error.js';

/** The spawn errors that mean the file cannot be run at all. */
const CANNOT_RUN = ['ENOENT', 'EACCES', 'ENOTDIR', 'EISDIR'];

/**
 * The error for a process that could not be started (`error`, as the spawn reported it), naming
 * what was run. `runs: 'cli'` when `file` is the Claude Code CLI itself (or the runtime of its
 * script): a file that cannot be run is a {@link CliNotFoundError} that says how to install the
 * CLI. `runs: 'far-side-cli'` when a daemon or relay starts the CLI on its own host for a remote
 * user: the same errors, saying what to check on that host (the user's options cannot fix it).
 * `runs: 'wrapper'` when `file` is a command that reaches the CLI (ssh, `docker exec`, a
 * shell): a {@link CommandNotFoundError} naming that command. Any other refusal is a
 * {@link ProcessError}.
 *
 * @example
 * ```ts
 * child.once('error', (error) => reject(spawnFailure(error, 'ssh', 'wrapper')));
 * // CommandNotFoundError: The command "ssh" could not be started (ENOENT): install it, ...
 * ```
 */
export function spawnFailure(error: unknown, file: string, runs: 'cli' | 'far-side-cli' | 'wrapper'): Error {
  const code = errorCode(error);
  if (code !== undefined && CANNOT_RUN.includes(code)) {
    if (runs === 'wrapper') return new CommandNotFoundError({ command: file, cause: error });
    const failed = `${JSON.stringify(file)} failed with ${code}`;
    return new CliNotFoundError({
      triedPaths: [file],
      message:
        runs === 'far-side-cli'
          ? `The Claude Code CLI could not be started on the far side: ${failed}. Check there that it is ` +
            "installed (`npm install -g @anthropic-ai/claude-code`) and that the service's configuration names it."
          : `The Claude Code CLI could not be started: ${failed}. ` +
            'Install it with `npm install @anthropic-ai/claude-code`, or pass `pathToClaudeCodeExecutable`.',
      remote: runs === 'far-side-cli',
      cause: error,
    });
  }
  const what = runs === 'cli' ? 'The Claude Code CLI' : `The command ${JSON.stringify(file)}`;
  return new ProcessError({ message: `${what} could not be started: ${String(error)}`, cause: error });
}
