import type { SDKMessage } from '@hexagent/sdk';
import { expect } from 'vitest';
import type { AgentPool } from '../src/agent-pool.js';
import type { AgentPoolOptions } from '../src/agent-pool-options.js';
import { createAgentPool } from '../src/create-agent-pool.js';
import type { AgentPoolEvents } from '../src/pool-events.js';
import type { fakeCliContainer, PidFakeCli } from './pool-test-kit.js';

/**
 * The recycling tests' pool: one spare of the profile `{ cwd: '/srv/app', model: 'sonnet' }`,
 * recycling on (which makes it a `'startup'` spare: `spareStart` is left to its default).
 */
export function recyclingPool(
  fakes: ReturnType<typeof fakeCliContainer>,
  settings: Partial<AgentPoolOptions> = {},
): AgentPool {
  return createAgentPool(
    {
      options: { cwd: '/srv/app', model: 'sonnet' },
      spares: 1,
      spareRefillDelayMs: 0,
      recycle: true,
      maxConcurrent: 2,
      memoryBudgetMb: 10_000,
      ...settings,
    },
    fakes.container,
  );
}

/** Every message of a query. */
export async function collect(query: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of query) out.push(message);
  return out;
}

/** Resolves once `cli` was sent the prompt `text`. */
export async function prompted(cli: PidFakeCli | undefined, text: string): Promise<void> {
  await expect.poll(() => cli?.prompts.includes(text), { timeout: 2000, interval: 5 }).toBe(true);
}

/** Resolves once the pool has `count` claimable spares. */
export async function parked(pool: AgentPool, count = 1): Promise<void> {
  await expect.poll(() => pool.stats().spares, { timeout: 2000, interval: 5 }).toBe(count);
}

/** The payloads of `event`, as they come. */
export function recorded<E extends keyof AgentPoolEvents>(pool: AgentPool, event: E): Array<AgentPoolEvents[E]> {
  const seen: Array<AgentPoolEvents[E]> = [];
  pool.on(event, (payload) => seen.push(payload));
  return seen;
}

/** True when no message of the pool's own `/clear` turn is among `messages`. */
export function noResetMessages(messages: SDKMessage[]): boolean {
  return messages.every(
    (m) =>
      m.type !== 'conversation_reset' &&
      !(m.type === 'system' && m.subtype === 'background_tasks_changed') &&
      !(m.type === 'result' && 'local_command' in m),
  );
}
