import { processGuardian } from '@hexagent/transport-kit';
import type { SpawnedCli } from './cli-process.js';

/**
 * Lists a CLI just spawned with this process's guardian (`processGuardian` of the kit), so that
 * neither the CLI nor anything it starts outlives this process, however it ends (a SIGKILL
 * included), and takes it off the list once the spawner has released it. A process returned by
 * `spawnClaudeCodeProcess` is listed only when it is a child of this process (its pid is checked
 * through /proc on Linux, by the guardian elsewhere); without the marker in its environment (the
 * spawner's environment is left as it is), the guardian stops it and what is below it in the
 * process tree, not what left the tree.
 */
export function guardCliProcess(spawned: SpawnedCli): void {
  const release = processGuardian().guard(spawned.process.pid);
  Promise.resolve(spawned.released).then(release, release);
}
