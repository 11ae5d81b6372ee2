import { NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import { type DeadlineOptions, runWithDeadline } from '../../util/run-with-deadline.js';

/**
 * Answers a CLI request with what a user callback returns (`onElicitation`, `onUserDialog`), run
 * under `deadline` (`runWithDeadline`: the CLI's `control_cancel_request` and the timeout abort the
 * callback's signal). `null` writes no answer (the caller answered out of band); a callback that
 * throws, rejects or outlives the deadline answers `fallback`, so the CLI is never left waiting.
 */
export async function answerFromCallback<R>(
  call: (signal: AbortSignal) => R | null | PromiseLike<R | null>,
  deadline: DeadlineOptions,
  fallback: R,
): Promise<R | typeof NO_CONTROL_RESPONSE> {
  try {
    const result = await runWithDeadline(call, deadline);
    return result === null ? NO_CONTROL_RESPONSE : result;
  } catch {
    return fallback;
  }
}
