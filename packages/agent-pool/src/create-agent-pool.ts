import type { DependencyContainer } from '@hexagent/sdk';
import { AgentPool } from './agent-pool.js';
import type { AgentPoolOptions } from './agent-pool-options.js';
import { SpareStartPolicy } from './spare-start-policy.js';

/**
 * Run many agents on one machine through one pool: at most `maxConcurrent` CLIs at once, within a
 * memory budget measured from the CLIs' process trees, with a FIFO queue (timeouts, abort, per-key
 * limits), warm spares, stats, events and an orderly `close()`.
 *
 * @param options the pool's settings and the profile (`options`) of every CLI it starts.
 * @param container a dependency container to swap adapters, as for `query()`.
 * @throws InvalidOptionError for a setting that cannot work.
 *
 * @example
 * ```ts
 * import { createAgentPool } from '@hexagent/agent-pool';
 *
 * const pool = createAgentPool({
 *   options: { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
 *   maxConcurrent: 8,
 *   memoryBudgetMb: 3072,
 *   queueTimeoutMs: 60_000,
 * });
 * for await (const message of pool.query({ prompt: 'What is 15 + 27?', key: 'tenant-a' })) {
 *   if (message.type === 'result') console.log(message.result);
 * }
 * console.log(pool.stats().queueWaitMs);
 * await pool.close({ deadlineMs: 10_000 });
 * ```
 */
export function createAgentPool(options: AgentPoolOptions, container?: DependencyContainer): AgentPool {
  const recycling = options.recycle !== undefined && options.recycle !== false;
  return new AgentPool(options, container, new SpareStartPolicy(options.spareStart ?? 'auto', recycling));
}
