/**
 * `@hexagent/agent-pool`: many Claude Code agents on one machine through one pool. At most
 * `maxConcurrent` CLIs at once, within a memory budget measured from procfs; a FIFO queue beyond
 * that; warm spares claimed by the next query; CLIs recycled for the next query of their key; stats,
 * events and an orderly `close()`. Built on `@hexagent/sdk` (its public entries only): every CLI of
 * the pool is a session the facade wires, so a container that swaps the transport swaps it here too.
 *
 * @example
 * ```ts
 * import { createAgentPool } from '@hexagent/agent-pool';
 *
 * const pool = createAgentPool({ options: { model: 'sonnet' }, maxConcurrent: 4, memoryBudgetMb: 3072 });
 * for await (const message of pool.query({ prompt: 'What is 15 + 27?', key: 'tenant-a' })) {
 *   if (message.type === 'result') console.log(message.result);
 * }
 * await pool.close();
 * ```
 *
 * @packageDocumentation
 */

export type { AgentPool } from './agent-pool.js';
export {
  type AgentPoolOptions,
  type AgentPoolQueryParams,
  type AgentPoolRecycleOptions,
  DEFAULT_POOL_CLI_ESTIMATE_MB,
} from './agent-pool-options.js';
export { createAgentPool } from './create-agent-pool.js';
export { PoolClosedError } from './pool-closed-error.js';
export type { AgentPoolEvents, AgentPoolListener, PoolCliKind } from './pool-events.js';
export { PoolOptionNotClaimableError } from './pool-option-not-claimable-error.js';
export { CLAIMABLE_POOL_OPTIONS, type PoolQueryOptions } from './pool-query-options.js';
export { PoolQueueTimeoutError } from './pool-queue-timeout-error.js';
export { PoolRecycleError } from './pool-recycle-error.js';
export type { AgentPoolStats, PoolChildStats, PoolWaitStats } from './pool-stats.js';
export type { MeasureProcessTrees, ProcessTreeMemory } from './process-tree-memory.js';
