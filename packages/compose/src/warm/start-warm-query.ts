import type { SDKUserMessage, SDKUserMessageInput, Session } from '@hexagent/core';
import { asyncDispose } from '../async-dispose.js';
import { createSession, currentLaunch } from '../create-session.js';
import { QueryImpl } from '../query-impl.js';
import type { SessionFactories } from '../session-factories.js';
import type { Query } from '../types/query.js';
import type { WarmQuery, WarmStartParams } from '../types/warm.js';
import { initializeWithin } from './initialize-within.js';
import { forget, releaseWhenCollected } from './release-when-collected.js';

/**
 * The `WarmQuery` over a started session: a plain object whose three methods are its own
 * enumerable properties, as the official `startup()` returns it (not an instance of a class).
 */
function warmQuery(session: Session): WarmQuery {
  let used = false;
  const warm: WarmQuery = {
    query(prompt: string | AsyncIterable<SDKUserMessage | SDKUserMessageInput>): Query {
      if (used) throw new Error('WarmQuery.query() can only be called once');
      used = true;
      forget(warm);
      return new QueryImpl(session, prompt);
    },
    close(): void {
      // As the official SDK: after query() the Query owns the process; close it through the Query.
      if (used) return;
      used = true;
      forget(warm);
      void session.close();
    },
    [asyncDispose](): Promise<void> {
      used = true;
      forget(warm);
      return session.close();
    },
  };
  return warm;
}

/**
 * `startup()` over explicit `factories`: the CLI started and through `initialize`, handed out as a
 * `WarmQuery` (see `startup()` in `@hexagent/sdk` for the contract).
 */
export async function startWarmQuery(params: WarmStartParams, factories: SessionFactories): Promise<WarmQuery> {
  // As the official startup(): the CLI reports its start-up checkpoints, for an initialize timeout.
  const session = createSession(params.options ?? {}, factories, { ...currentLaunch(), readsStartupMarks: true });
  try {
    await initializeWithin(session, params.initializeTimeoutMs);
  } catch (error) {
    await session.close();
    throw error;
  }
  const warm = warmQuery(session);
  releaseWhenCollected(warm, () => void session.close());
  return warm;
}
