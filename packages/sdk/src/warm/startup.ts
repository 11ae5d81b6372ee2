import type { SDKUserMessage, SDKUserMessageInput, Session } from '@hexagent/core';
import { asyncDispose } from '../async-dispose.js';
import type { DependencyContainer } from '../container.js';
import { createSession, currentLaunch } from '../create-session.js';
import { QueryImpl } from '../query-impl.js';
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
 * Start the CLI and complete its `initialize` handshake before the prompt is known, so the first
 * message of `query()` does not wait for the process to boot. The options are those of
 * `query()`, the session's folder included. A WarmQuery dropped without `close()` or `query()`
 * stops its CLI when it is garbage-collected; so does the options' `abortController`.
 *
 * @param container a dependency container to swap adapters, as for `query()`.
 * The CLI's environment gets `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1` (unless it sets that variable in
 * any letter case), as from the official `startup()`: the CLI reports its start-up checkpoints, and an
 * `InitializeTimeoutError` names the last one (`startupMark`, `startupMarkAgeMs`).
 *
 * @throws InvalidOptionError for options that cannot work; `InitializeTimeoutError` past
 *   `initializeTimeoutMs`; the CLI's start error (`CliNotFoundError`, `ProcessError`, ...).
 *
 * @example
 * ```ts
 * import { startup } from '@hexagent/sdk';
 *
 * const warm = await startup({ options: { cwd: '/repo', model: 'sonnet' } });
 * // ... later, when the user types:
 * for await (const message of warm.query('Explain this repository')) console.log(message.type);
 * ```
 */
export async function startup(params: WarmStartParams = {}, container?: DependencyContainer): Promise<WarmQuery> {
  // As the official startup(): the CLI reports its start-up checkpoints, for an initialize timeout.
  const session = createSession(params.options ?? {}, container, { ...currentLaunch(), readsStartupMarks: true });
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
