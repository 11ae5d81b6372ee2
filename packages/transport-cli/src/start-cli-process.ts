import { AbortError, type Options } from '@hexagent/core';
import type { SpawnedCli } from './cli-process.js';
import { loadExitHook, spawnCli } from './spawn-cli.js';
import { spawnCustomCli } from './spawn-custom-cli.js';

/**
 * Spawns the CLI for `options`: through `options.spawnClaudeCodeProcess` when given (with
 * `spawnSignal` as its `signal`), else with `child_process.spawn` and an exit hook (signal-exit,
 * loaded then, and only then). `traceContext` goes into the CLI's environment (`buildCliEnv`).
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
  const onExit = await loadExitHook();
  throwIfAborted(options);
  return spawnCli(onExit, options, traceContext);
}

function throwIfAborted(options: Options): void {
  if (options.abortController?.signal.aborted) {
    throw new AbortError({ message: 'The query was aborted before the CLI started' });
  }
}
