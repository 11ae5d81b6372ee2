import { startWarmQuery, type WarmQuery, type WarmStartParams } from '@hexagent/compose';
import { type DependencyContainer, resolveFactories } from '../container.js';

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
  return startWarmQuery(params, resolveFactories(container));
}
