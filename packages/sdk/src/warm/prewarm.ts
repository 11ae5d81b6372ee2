import { type SpareProcess, startSpare, type WarmStartParams } from '@hexagent/compose';
import { type DependencyContainer, resolveFactories } from '../container.js';

/**
 * Start a Claude Code process as a parked **spare** before the session it will serve is known,
 * and bind it later with `SpareProcess.claim()`: the process start, module load, config, auth,
 * tools, plugins, the host-level MCP servers and the `initialize` handshake run now, in a private
 * parking folder under the config home (or `options.cwd`, which is then never the session's
 * folder). A claim sets what `ClaimOptions` lists; everything else is fixed here. A spare never
 * claimed stays parked (idle, a few hundred MB) until `close()`, its options' `abortController`,
 * garbage collection of the unused handle, or the end of this process (its input closes, so the
 * CLI exits).
 *
 * The CLI's environment gets `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1` (unless it sets that variable in
 * any letter case), as from the official `prewarm()`: an `InitializeTimeoutError` names the CLI's
 * last start-up checkpoint (`startupMark`, `startupMarkAgeMs`).
 *
 * @param container a dependency container to swap adapters, as for `query()`.
 * @throws InvalidOptionError for `resume`, `continue` or `forkSession`; `InitializeTimeoutError`
 *   past `initializeTimeoutMs`; the CLI's start error (a CLI too old for `--await-claim` exits here).
 *
 * @example
 * ```ts
 * import { prewarm, query } from '@hexagent/sdk';
 *
 * const spare = await prewarm({ options: hostLevelOptions });
 * // ... later, when the user starts a session in `folder`:
 * const q = spare.claim({ prompt, options: { cwd: folder, model } });
 * spare.claimed.catch((e: Error) => {
 *   // refused, died or overlay refused: fall back to query(); on option_not_applied it runs
 *   if (!e.message.startsWith('option_not_applied')) startNormally();
 * });
 * for await (const message of q) console.log(message.type);
 * ```
 * @alpha
 */
export function prewarm(params: WarmStartParams = {}, container?: DependencyContainer): Promise<SpareProcess> {
  return startSpare(params, resolveFactories(container));
}
