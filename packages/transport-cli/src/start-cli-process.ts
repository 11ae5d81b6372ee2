import { AbortError, type Options } from '@hexagent/core';
import { warnAboutCliEnv } from './cli-env-problems.js';
import type { SpawnedCli } from './cli-process.js';
import { loadSpawner, spawnCli } from './spawn-cli.js';
import { spawnCustomCli } from './spawn-custom-cli.js';

/**
 * Spawns the CLI for `options`: through `options.spawnClaudeCodeProcess` when given (with
 * `spawnSignal` as its `signal`), else with execa (loaded then, unless preloaded), `spawnSignal` as
 * its `cancelSignal`, after a warning for what is wrong with its environment (`warnAboutCliEnv`: an
 * `env` without `PATH`, a config directory that is a file). `traceContext` goes into the CLI's
 * environment (`buildCliEnv`).
 *
 * @throws AbortError when `options.abortController` is aborted before the spawn.
 * @throws what {@link spawnCli} and {@link spawnCustomCli} throw.
 */
export async function startCliProcess(
  options: Options,
  spawnSignal: AbortSignal,
  traceContext?: Readonly<Record<string, string>>,
): Promise<SpawnedCli> {
  const spawner = options.spawnClaudeCodeProcess;
  if (spawner !== undefined) {
    throwIfAborted(options);
    return spawnCustomCli(spawner, options, spawnSignal, traceContext);
  }
  warnAboutCliEnv(options);
  const execa = await loadSpawner();
  throwIfAborted(options);
  return spawnCli(execa, options, spawnSignal, traceContext);
}

function throwIfAborted(options: Options): void {
  if (options.abortController?.signal.aborted) {
    throw new AbortError({ message: 'The query was aborted before the CLI started' });
  }
}
