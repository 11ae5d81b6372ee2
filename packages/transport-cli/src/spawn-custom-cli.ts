import type { LocalProcessHints, SpawnedProcessLike, SpawnOptions, TransportLaunch } from '@hexagent/core';
import { ProcessError } from '@hexagent/transport-kit';
import type { SpawnedCli } from './cli-process.js';
import { CustomCliProcess } from './custom-cli-process.js';
import { findClaudeCli, isCliScript } from './find-claude-cli.js';
import type { CliCommand } from './resolve-cli-command.js';
import { spawnError } from './spawn-cli.js';
import { withCrashReportingOff } from './with-crash-reporting-off.js';

/** The user's spawner: `options.spawnClaudeCodeProcess`, as the launch carries it. */
export type ClaudeCodeSpawner = (options: SpawnOptions) => SpawnedProcessLike;

/**
 * Starts the CLI through `spawner` (the `spawnClaudeCodeProcess` option), calling it once,
 * synchronously, with `{ command, args, cwd, env, signal }` as the official SDK does: the launch's
 * flags and environment, `signal` the transport's own (it
 * aborts only once the CLI had its graceful chance to exit). Nothing is checked on this machine:
 * `cwd` and `pathToClaudeCodeExecutable` may name places inside a container or a VM. Without
 * `pathToClaudeCodeExecutable`, the command is the CLI found here, or `claude` for the spawner's
 * own `PATH`. A script build runs with `executable` (by name, default `node`).
 *
 * `started` resolves on the next turn of the event loop unless the process reports an `error`
 * by then (a `child_process.spawn` of a missing file does): it then rejects, with
 * `CliNotFoundError` for a file that cannot be run.
 *
 * @throws ProcessError when `spawner` throws or returns something that is not a process.
 */
export function spawnCustomCli(spawner: ClaudeCodeSpawner, launch: TransportLaunch, signal: AbortSignal): SpawnedCli {
  const env = withCrashReportingOff({ ...launch.env });
  const command = customCommand(launch.localProcess, env);
  const spawnOptions: SpawnOptions = {
    command: command.file,
    args: [...command.args, ...launch.args],
    ...(launch.cwd !== undefined ? { cwd: launch.cwd } : {}),
    env,
    signal,
  };
  let spawned: SpawnedProcessLike;
  try {
    spawned = spawner(spawnOptions);
  } catch (error) {
    throw new ProcessError({ message: `spawnClaudeCodeProcess threw: ${describeError(error)}`, cause: error });
  }
  if (!isProcess(spawned)) {
    throw new ProcessError({
      message:
        'spawnClaudeCodeProcess must return a process: { stdin, stdout, kill(), on(), off() } (a ChildProcess qualifies)',
    });
  }
  const process = new CustomCliProcess(spawned);
  return {
    process,
    command,
    started: startedOnNextTurn(process, command),
    released: process.released,
    errorsAreFatal: true,
  };
}

/** What the spawner runs: the CLI, or `executable` with the script. */
function customCommand(options: LocalProcessHints, env: Readonly<Record<string, string | undefined>>): CliCommand {
  const cliPath = options.pathToClaudeCodeExecutable || findLocalCli(options, env);
  const executableArgs = options.executableArgs ?? [];
  if (!isCliScript(cliPath)) return { file: cliPath, args: [...executableArgs] };
  return { file: options.executable || 'node', args: [...executableArgs, cliPath] };
}

function findLocalCli(options: LocalProcessHints, env: Readonly<Record<string, string | undefined>>): string {
  try {
    return findClaudeCli(options, { env });
  } catch {
    return 'claude';
  }
}

function startedOnNextTurn(process: CustomCliProcess, command: CliCommand): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => {
      clearImmediate(timer);
      process.abandon();
      reject(spawnError(error, command));
    };
    const timer = setImmediate(() => {
      process.off('error', onError);
      resolve();
    });
    process.once('error', onError);
  });
}

function isProcess(value: unknown): value is SpawnedProcessLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const stdin = candidate['stdin'] as { write?: unknown } | null | undefined;
  const stdout = candidate['stdout'] as { on?: unknown } | null | undefined;
  return (
    typeof stdin?.write === 'function' &&
    typeof stdout?.on === 'function' &&
    typeof candidate['kill'] === 'function' &&
    typeof candidate['on'] === 'function' &&
    typeof candidate['off'] === 'function'
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
