import type { Clock } from '../../ports/clock.js';
import type { ControlHandlerContext } from '../../ports/control-protocol.js';
import type { ControlRequestBody } from '../../types/control.js';
import type { HookInput } from '../../types/hooks/hook-inputs.js';
import type { HookJSONOutput } from '../../types/hooks/hook-outputs.js';
import { runWithDeadline } from '../../util/run-with-deadline.js';
import { systemClock } from '../../util/system-clock.js';
import type { RegisteredHook } from '../hook-registrations.js';

/**
 * How much longer than its timeout a hook callback is awaited here. The CLI enforces the timeout
 * (and withdraws the request); this later bound only releases a callback that never settles, and it
 * must not fire first, or the CLI would take the error answer for an empty hook output.
 */
export const HOOK_TIMEOUT_GRACE_MS = 5_000;

/**
 * The handler of the CLI's `hook_callback` requests: calls the callback registered under
 * `callback_id` with `(input, toolUseID, { signal })` and answers its output as is. An unknown id,
 * a callback that throws or one that outlives its timeout plus {@link HOOK_TIMEOUT_GRACE_MS} is
 * answered with an error; the callback's signal aborts when the CLI withdraws the request.
 *
 * @param findHook the callback and timeout registered under an id (see `registerHooks`).
 *
 * @example
 * ```ts
 * protocol.handle('hook_callback', createHookCallbackHandler((id) => registrations.callbacks.get(id)));
 * ```
 */
export function createHookCallbackHandler(
  findHook: (callbackId: string) => RegisteredHook | undefined,
  clock: Clock = systemClock,
): (request: ControlRequestBody, context: Pick<ControlHandlerContext, 'signal'>) => Promise<Record<string, unknown>> {
  return async (request, { signal }) => {
    const id = request.callback_id;
    const hook = typeof id === 'string' ? findHook(id) : undefined;
    // The official SDK's wording, so a CLI-side log reads the same.
    if (hook === undefined) throw new Error(`No hook callback found for ID: ${String(id)}`);
    const toolUseID = typeof request.tool_use_id === 'string' ? request.tool_use_id : undefined;
    // The callback's own signal also aborts when it outlives its timeout.
    const output: HookJSONOutput = await runWithDeadline(
      (callbackSignal) => hook.callback(request.input as HookInput, toolUseID, { signal: callbackSignal }),
      { timeoutMs: hook.timeoutMs + HOOK_TIMEOUT_GRACE_MS, signal, what: `Hook callback ${String(id)}`, clock },
    );
    return (output ?? {}) as Record<string, unknown>;
  };
}
