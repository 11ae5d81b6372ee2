import type { CliArgvSpec } from './cli-argv-spec.js';
import { ProcessSupervisor, type ProcessSupervisorHandlers } from './process-supervisor.js';
import { loadSpawner, spawnCliArgv } from './spawn-cli.js';

/**
 * Spawns an already resolved CLI command line (`spec`) the way `CliTransport` spawns the CLI, and
 * hands it to a {@link ProcessSupervisor} reporting to `handlers`: for a host that runs the CLI on
 * behalf of someone else (the relay of `@hexagent/relay`), with the same spawn, stderr capture and
 * stop-by-escalation code. With `spec.processGroup`, stopping signals the CLI's whole process tree.
 * Resolves once the process runs.
 *
 * @throws CliNotFoundError when the executable cannot be run; ProcessError for another spawn failure.
 */
export async function startCliCommand(
  spec: CliArgvSpec,
  handlers: ProcessSupervisorHandlers,
): Promise<ProcessSupervisor> {
  const spawned = spawnCliArgv(await loadSpawner(), spec);
  const supervisor = new ProcessSupervisor(spawned.process, handlers, spawned.released, spec.processGroup === true);
  try {
    await spawned.started;
  } catch (error) {
    supervisor.detach();
    throw error;
  }
  return supervisor;
}
