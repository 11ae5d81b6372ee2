import { AbortError, type TransportLaunch } from '@hexagent/core';
import { warnAboutCliEnv } from './cli-env-problems.js';
import type { SpawnedCli } from './cli-process.js';
import { guardCliProcess } from './guard-cli-process.js';
import { loadSpawner, spawnCli } from './spawn-cli.js';
import { spawnCustomCli } from './spawn-custom-cli.js';

/**
 * Spawns the CLI for `launch`: through its `spawnClaudeCodeProcess` when given (with
 * `spawnSignal` as its `signal`), else with execa (loaded then, unless preloaded), `spawnSignal` as
 * its `cancelSignal`, after a warning for what is wrong with its environment (`warnAboutCliEnv`: an
 * `env` without `PATH`, a config directory that is a file). Either way the process is listed with
 * this process's guardian ({@link guardCliProcess}).
 *
 * @throws AbortError when the launch's signal is aborted before the spawn.
 * @throws what {@link spawnCli} and {@link spawnCustomCli} throw.
 */
export async function startCliProcess(launch: TransportLaunch, spawnSignal: AbortSignal): Promise<SpawnedCli> {
  const spawner = launch.localProcess.spawnClaudeCodeProcess;
  if (spawner !== undefined) {
    throwIfAborted(launch);
    return guarded(spawnCustomCli(spawner, launch, spawnSignal));
  }
  warnAboutCliEnv({
    ...(!launch.inheritsProcessEnv && { env: { ...launch.env } }),
    ...(launch.cwd !== undefined && { cwd: launch.cwd }),
  });
  const execa = await loadSpawner();
  throwIfAborted(launch);
  return guarded(spawnCli(execa, launch, spawnSignal));
}

function guarded(spawned: SpawnedCli): SpawnedCli {
  guardCliProcess(spawned);
  return spawned;
}

function throwIfAborted(launch: TransportLaunch): void {
  if (launch.signal?.aborted) {
    throw new AbortError({ message: 'The query was aborted before the CLI started' });
  }
}
