import { InvalidOptionError, planMcpServers } from '@hexagent/core';
import type { LaunchContext } from '@hexagent/transport-kit';
import { createSession, currentLaunch } from '../create-session.js';
import type { SessionFactories } from '../session-factories.js';
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
 * The implementation of `prewarm()`, over explicit `factories`, for callers that also need a signal
 * (the agent pool). `launch` goes to the transport factory (default: the active span's trace context,
 * as `createSession` takes it), always with `readsStartupMarks` (as the official `prewarm()`: the CLI
 * reports its start-up checkpoints, for an `InitializeTimeoutError`).
 */
export async function startSpare(
  params: StartSpareParams = {},
  factories: SessionFactories,
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
  const spareOptions = {
    ...options,
    ...(parking !== undefined && { cwd: parking.path }),
    extraArgs: { ...options.extraArgs, 'await-claim': null },
  };
  // Split once: the session and the spare's claim check read the same plan.
  const mcpServers = planMcpServers(spareOptions);
  const session = createSession(spareOptions, factories, {
    ...(launch ?? currentLaunch()),
    readsStartupMarks: true,
    mcpServers,
  });
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
    sdkMcpServerNames: Object.keys(mcpServers.inProcess),
    removeParking: () => parking?.remove() ?? Promise.resolve(),
  });
  params.signal?.removeEventListener('abort', abandon);
  params.signal?.addEventListener('abort', () => spare.close(), { once: true });
  releaseWhenCollected(spare, () => void session.close());
  return spare;
}
