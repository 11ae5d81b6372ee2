import { classifyMcpServers, InvalidOptionError } from '@hexagent/core';
import type { LaunchContext } from '@hexagent/transport-kit';
import type { DependencyContainer } from '../container.js';
import { createSession, currentLaunch } from '../create-session.js';
import type { SpareProcess, WarmStartParams } from '../types/warm.js';
import { initializeWithin } from './initialize-within.js';
import { createParkingDirectory } from './parking-directory.js';
import { releaseWhenCollected } from './release-when-collected.js';
import { spareProcess } from './spare-process.js';

/** {@link startSpare}'s arguments: `prewarm()`'s, plus a signal that discards the spare. */
export interface StartSpareParams extends WarmStartParams {
  /** Aborting it discards the spare (before `prewarm()` resolves: the start is abandoned and it rejects). */
  signal?: AbortSignal;
}

/**
 * Start a spare: the CLI with `--await-claim`, parked in a folder of its own, through `initialize`.
 * The implementation of `prewarm()`, for callers that also need a signal (the agent pool, through
 * `@hexagent/sdk/adapters`). `launch` goes to the transport factory (default: the active span's trace context,
 * as `createSession` takes it), always with `readsStartupMarks` (as the official `prewarm()`: the CLI
 * reports its start-up checkpoints, for an `InitializeTimeoutError`).
 */
export async function startSpare(
  params: StartSpareParams = {},
  container?: DependencyContainer,
  launch?: LaunchContext,
): Promise<SpareProcess> {
  const options = params.options ?? {};
  for (const option of ['resume', 'continue', 'forkSession'] as const) {
    if (options[option] !== undefined && options[option] !== false) {
      throw new InvalidOptionError({
        option,
        message: 'resume/continue/forkSession describe a session; a spare has none — pass them to query() instead',
      });
    }
  }
  params.signal?.throwIfAborted();
  const parking = options.cwd === undefined ? await createParkingDirectory(options) : undefined;
  const session = createSession(
    {
      ...options,
      ...(parking !== undefined && { cwd: parking.path }),
      extraArgs: { ...options.extraArgs, 'await-claim': null },
    },
    container,
    { ...(launch ?? currentLaunch()), readsStartupMarks: true },
  );
  const abandon = () => void session.close();
  params.signal?.addEventListener('abort', abandon, { once: true });
  try {
    await initializeWithin(session, params.initializeTimeoutMs);
    params.signal?.throwIfAborted();
  } catch (error) {
    params.signal?.removeEventListener('abort', abandon);
    await session.close();
    await parking?.remove();
    throw error;
  }
  const spare = spareProcess({
    session,
    sdkMcpServerNames: Object.keys(classifyMcpServers(options.mcpServers).inProcess),
    removeParking: () => parking?.remove() ?? Promise.resolve(),
  });
  params.signal?.removeEventListener('abort', abandon);
  params.signal?.addEventListener('abort', () => spare.close(), { once: true });
  releaseWhenCollected(spare, () => void session.close());
  return spare;
}

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
  return startSpare(params, container);
}
