import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { InvalidOptionError, type Options } from '@hexagent/core';
import { buildCliArgs } from './build-cli-args.js';
import { buildCliEnv, definedEnv } from './build-cli-env.js';
import type { CliArgvSpec } from './cli-argv-spec.js';
import { CliNotFoundError } from './cli-not-found-error.js';
import type { SpawnedCli } from './cli-process.js';
import { assertSupportedCliVersion } from './cli-version.js';
import { findClaudeCli } from './find-claude-cli.js';
import { ProcessError } from './process-error.js';
import { type CliCommand, resolveCliCommand } from './resolve-cli-command.js';

/** signal-exit's `onExit`: runs a callback when this process exits, by any exit or signal it can see. */
export type OnExit = (callback: () => void) => () => void;

let exitHook: Promise<OnExit> | undefined;

/**
 * signal-exit, imported on the first spawn, not when hexagent is imported (one small module). It
 * kills the CLI when this process exits without closing the transport: on `exit` (`process.exit()`,
 * the end of the event loop, an uncaught exception) and on the signals nobody else handles, which
 * it then re-raises (docs/reliability.md).
 */
export function loadExitHook(): Promise<OnExit> {
  exitHook ??= import('./vendor/signal-exit.js').then((module) => module.onExit as OnExit);
  return exitHook;
}

/**
 * Spawns the CLI for `options`, synchronously (so the caller attaches its listeners before any
 * event can fire): the argv from {@link buildCliArgs}, without a shell, in `options.cwd`, with the
 * environment of {@link buildCliEnv} (with `traceContext`), the executable found by {@link findClaudeCli}.
 *
 * @param onExit from {@link loadExitHook}.
 * @throws InvalidOptionError for a bad option or a `cwd` that is not a directory.
 * @throws CliNotFoundError when the CLI (or its runtime) cannot be found.
 * @throws UnsupportedCliVersionError when the CLI is older than the supported range.
 */
export function spawnCli(
  onExit: OnExit,
  options: Options,
  traceContext?: Readonly<Record<string, string>>,
): SpawnedCli {
  const args = buildCliArgs(options);
  assertDirectory(options.cwd);
  const env = definedEnv(buildCliEnv(options, process.env, traceContext));
  const cliPath = findClaudeCli(options, { env });
  assertSupportedCliVersion(cliPath);
  const command = resolveCliCommand(cliPath, options, env);
  return spawnCliArgv(onExit, { command, args, env, cwd: options.cwd });
}

/**
 * Spawns `spec` exactly as {@link spawnCli} spawns the CLI, synchronously: `child_process.spawn`
 * without a shell, piped stdio, only `spec.env` (nothing inherited), and killed (SIGTERM) if this
 * process exits first. `released` settles once the process has closed and that exit hook is gone.
 *
 * @throws ProcessError (or CliNotFoundError) when the spawn itself throws (a bad argument).
 */
export function spawnCliArgv(onExit: OnExit, spec: CliArgvSpec): SpawnedCli {
  const { command } = spec;
  let subprocess: ChildProcessWithoutNullStreams;
  try {
    subprocess = spawn(command.file, [...command.args, ...spec.args], {
      shell: false,
      stdio: 'pipe',
      env: spec.env,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      windowsHide: true,
      ...(spec.processGroup === true ? { detached: true } : {}),
    });
  } catch (error) {
    throw spawnError(error, command);
  }
  // Kill the CLI if this process exits without closing the transport.
  const removeHook = onExit(() => {
    subprocess.kill();
  });
  const released = new Promise<void>((resolve) => {
    const release = (): void => {
      removeHook();
      resolve();
    };
    subprocess.once('close', release);
    // A process that never ran emits `error` and no `close`.
    subprocess.once('error', () => {
      if (subprocess.pid === undefined) release();
    });
  });
  return { process: subprocess, command, started: waitForSpawn(subprocess, command), released, errorsAreFatal: false };
}

/**
 * Resolves once the process runs; rejects with `CliNotFoundError` when the OS cannot run it (a
 * missing file or interpreter, no execute permission), with `ProcessError` for any other refusal.
 */
function waitForSpawn(subprocess: ChildProcessWithoutNullStreams, command: CliCommand): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      subprocess.off('spawn', onSpawn);
      subprocess.off('error', onError);
      if (error === undefined) resolve();
      else reject(spawnError(error, command));
    };
    const onSpawn = (): void => settle();
    const onError = (error: Error): void => settle(error);
    subprocess.once('spawn', onSpawn);
    subprocess.once('error', onError);
  });
}

/** The error for a process that could not be started: `CliNotFoundError` when its file cannot be run. */
export function spawnError(error: unknown, command: CliCommand): Error {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR' || code === 'EISDIR') {
    return new CliNotFoundError({
      triedPaths: [command.file],
      message:
        `The Claude Code CLI could not be started: ${JSON.stringify(command.file)} failed with ${code}. ` +
        'Install it with `npm install @anthropic-ai/claude-code`, or pass `pathToClaudeCodeExecutable`.',
      cause: error,
    });
  }
  return new ProcessError({ message: `The Claude Code CLI could not be started: ${String(error)}`, cause: error });
}

function assertDirectory(cwd: string | undefined): void {
  if (cwd === undefined) return;
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isDirectory) {
    throw new InvalidOptionError({ option: 'cwd', message: `${JSON.stringify(cwd)} is not an existing directory` });
  }
}
