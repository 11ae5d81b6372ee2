import { statSync } from 'node:fs';
import { InvalidOptionError, type TransportLaunch } from '@hexagent/core';
import { definedEnv, processGuardian, spawnFailure } from '@hexagent/transport-kit';
import type { CliArgvSpec } from './cli-argv-spec.js';
import type { SpawnedCli } from './cli-process.js';
import { findClaudeCli } from './find-claude-cli.js';
import { assertSupportedCliVersion } from './read-cli-version.js';
import { type CliCommand, resolveCliCommand } from './resolve-cli-command.js';
import { withCrashReportingOff } from './with-crash-reporting-off.js';

/** What spawning needs of the vendored module: execa, and signal-exit's `onExit` for process groups. */
export type Spawner = typeof import('./vendor/execa.js');

let spawner: Promise<Spawner> | undefined;

/**
 * execa (bundled into one module by the build, see `vendor/execa.ts`), imported the first time it
 * is needed, not when hexagent is imported, or earlier by {@link preloadSpawner}
 * (docs/performance.md#lazy-loading). A failed import is not kept: the next call tries again.
 */
export function loadSpawner(): Promise<Spawner> {
  spawner ??= import('./vendor/execa.js').catch((error: unknown) => {
    spawner = undefined;
    throw error;
  });
  return spawner;
}

/** Starts loading execa without waiting for it; never rejects (a failure is reported by the spawn that needs it). */
export function preloadSpawner(): void {
  loadSpawner().catch(() => {
    // Reported by the spawn that needs it.
  });
}

/**
 * execa's load (~20 ms: one ~230 KB module) is CPU work that would sit between a process's first
 * `query()` and its spawn. So it starts at the first moment this process is idle after importing
 * hexagent (a timer that keeps nothing alive: a script that exits at once loads nothing), and the
 * first spawn finds it loaded or under way; a query made before then loads it itself, as before
 * (docs/performance.md#lazy-loading).
 */
const idlePreload = setTimeout(preloadSpawner, 0) as { unref?: () => void };
idlePreload.unref?.();

/**
 * Spawns the CLI for `launch`, synchronously (so the caller attaches its listeners before any
 * event can fire): its argv, without a shell, in its `cwd`, with its environment and the marker of
 * this process's guardian (`HEXAGENT_PROCESS_TREE`, inherited by what the CLI starts, so that the
 * guardian finds its tools' processes: see `guardCliProcess`), the executable found by
 * {@link findClaudeCli}.
 *
 * @param spawner from {@link loadSpawner}.
 * @param cancelSignal aborted when stopping the CLI escalates to a kill (see {@link spawnCliArgv}).
 * @throws InvalidOptionError for a `cwd` that is not a directory.
 * @throws CliNotFoundError when the CLI (or its runtime) cannot be found.
 * @throws UnsupportedCliVersionError when the CLI is older than the supported range.
 */
export function spawnCli(spawner: Spawner, launch: TransportLaunch, cancelSignal?: AbortSignal): SpawnedCli {
  const args = launch.args;
  const cwd = launch.cwd;
  assertDirectory(cwd);
  const env = { ...withCrashReportingOff(definedEnv(launch.env)), ...processGuardian().nextMarker() };
  const cliPath = findClaudeCli(launch.localProcess, { env });
  assertSupportedCliVersion(cliPath);
  const command = resolveCliCommand(cliPath, launch.localProcess, env);
  return spawnCliArgv(spawner, { command, args, env, cwd }, cancelSignal);
}

/** The CLI process as execa returns it. */
type CliSubprocess = ReturnType<typeof execaCli>;

/**
 * Spawns `spec` with execa exactly as {@link spawnCli} spawns the CLI, synchronously: an argv
 * array without a shell, piped stdio streamed as it comes (nothing buffered, no encoding, no
 * newline stripped), only `spec.env` (nothing inherited), and killed (SIGTERM) if this process
 * exits first: execa's `cleanup`, or for a process group (`detached`, which execa's cleanup skips)
 * the same signal-exit hook registered here. `released` settles once execa is done with the
 * process (it has exited, its streams have ended, its exit hook is removed).
 *
 * Stopping is the `ProcessSupervisor`'s, for every kind of process (execa's, a custom spawner's, a
 * process group): execa's own `forceKillAfterDelay` is off, so it never sends a SIGKILL on a
 * schedule of its own; `cancelSignal` (the official `SpawnOptions.signal`) aborts at the
 * supervisor's kill step, as a custom spawner's signal does.
 *
 * @throws ProcessError (or CliNotFoundError) when the spawn itself fails synchronously.
 */
export function spawnCliArgv(spawner: Spawner, spec: CliArgvSpec, cancelSignal?: AbortSignal): SpawnedCli {
  const { command } = spec;
  const detached = spec.processGroup === true;
  let subprocess: CliSubprocess;
  try {
    subprocess = execaCli(spawner, command, spec, detached, cancelSignal);
  } catch (error) {
    throw spawnError(error, command);
  }
  // execa's `cleanup` does not cover a detached process: the same hook, by hand.
  const removeHook = detached ? spawner.onExit(() => void subprocess.kill()) : undefined;
  // With `reject: false` the result never rejects; the handlers are a guard, not a code path.
  const released = subprocess.then(ignore, ignore).then(() => removeHook?.());
  return { process: subprocess, command, started: waitForSpawn(subprocess, command), released, errorsAreFatal: false };
}

function execaCli(
  { execa }: Spawner,
  command: CliCommand,
  spec: CliArgvSpec,
  detached: boolean,
  cancelSignal: AbortSignal | undefined,
) {
  return execa(command.file, [...command.args, ...spec.args], {
    shell: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    env: spec.env,
    extendEnv: false,
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    // The transport reads the streams as they come and reports exits itself.
    reject: false,
    buffer: false,
    stripFinalNewline: false,
    encoding: 'buffer',
    // Kill the CLI if this process exits without closing the transport.
    cleanup: true,
    // The ProcessSupervisor escalates (end of input, SIGTERM, SIGKILL) on the transport's timeouts.
    forceKillAfterDelay: false,
    ...(cancelSignal === undefined ? {} : { cancelSignal }),
    windowsHide: true,
    ...(detached ? { detached: true } : {}),
  });
}

function ignore(): void {
  // The result is read from the process's events; see spawnCliArgv.
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
  return spawnFailure(error, command.file, 'cli');
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
