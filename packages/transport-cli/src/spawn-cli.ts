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
import type { execa as Execa } from './vendor/execa.js';

/** execa's `execa` function. */
export type ExecaFunction = typeof Execa;

let execaModule: Promise<typeof import('./vendor/execa.js')> | undefined;

/**
 * execa, imported on the first call (bundled into one module by the build, see `vendor/execa.ts`),
 * not when hexagent is imported (docs/performance.md#lazy-loading).
 */
export function loadExeca(): Promise<typeof import('./vendor/execa.js')> {
  execaModule ??= import('./vendor/execa.js');
  return execaModule;
}

/** The CLI process as execa returns it. */
export type CliSubprocess = ReturnType<typeof execaCli>;

/** The CLI spawned by execa (not yet known to run: see `started`); `process` is `subprocess`. */
export interface ExecaSpawnedCli extends SpawnedCli {
  subprocess: CliSubprocess;
}

/**
 * Spawns the CLI for `options` with execa, synchronously (so the caller attaches its listeners
 * before any event can fire): the argv from {@link buildCliArgs}, without a shell, in
 * `options.cwd`, with the environment of {@link buildCliEnv}, the executable found by
 * {@link findClaudeCli}.
 *
 * @throws InvalidOptionError for a bad option or a `cwd` that is not a directory.
 * @throws CliNotFoundError when the CLI (or its runtime) cannot be found.
 * @throws UnsupportedCliVersionError when the CLI is older than the supported range.
 */
export function spawnCli(execa: ExecaFunction, options: Options): ExecaSpawnedCli {
  const args = buildCliArgs(options);
  assertDirectory(options.cwd);
  const env = definedEnv(buildCliEnv(options));
  const cliPath = findClaudeCli(options, { env });
  assertSupportedCliVersion(cliPath);
  const command = resolveCliCommand(cliPath, options, env);
  return spawnCliArgv(execa, { command, args, env, cwd: options.cwd });
}

/**
 * Spawns `spec` with execa exactly as {@link spawnCli} spawns the CLI (no shell, piped stdio,
 * nothing inherited, killed when this process exits), synchronously.
 */
export function spawnCliArgv(execa: ExecaFunction, spec: CliArgvSpec): ExecaSpawnedCli {
  const { command } = spec;
  const subprocess = execaCli(execa, command, spec.args, spec.env, spec.cwd, spec.processGroup === true);
  return {
    subprocess,
    process: subprocess,
    command,
    started: waitForSpawn(subprocess, command),
    // With `reject: false` the result never rejects; the handler is a guard, not a code path.
    released: subprocess.then(ignore, ignore),
    errorsAreFatal: false,
  };
}

function execaCli(
  execa: ExecaFunction,
  command: CliCommand,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string | undefined,
  detached: boolean,
) {
  return execa(command.file, [...command.args, ...args], {
    shell: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    env,
    extendEnv: false,
    ...(cwd === undefined ? {} : { cwd }),
    reject: false,
    buffer: false,
    stripFinalNewline: false,
    encoding: 'buffer',
    // Kill the CLI if this process exits without closing the transport.
    cleanup: true,
    // close() escalates on its own schedule.
    forceKillAfterDelay: false,
    windowsHide: true,
    ...(detached ? { detached: true } : {}),
  });
}

/**
 * Resolves once the process runs; rejects with `CliNotFoundError` when the OS cannot run it (a
 * missing file or interpreter, no execute permission), with `ProcessError` for any other refusal.
 */
function waitForSpawn(subprocess: CliSubprocess, command: CliCommand): Promise<void> {
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
    // When spawn() throws synchronously, execa returns a stand-in that emits neither event; its
    // result carries the error instead.
    subprocess.then(
      (result) => settle(result.failed ? (result.cause ?? result) : undefined),
      (error: unknown) => settle(error),
    );
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

function ignore(): void {
  // The outcome is reported through the process's events.
}
