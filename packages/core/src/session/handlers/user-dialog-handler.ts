import type { Clock } from '../../ports/clock.js';
import { type ControlHandlerContext, NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { ControlRequestBody } from '../../types/control.js';
import type { UserDialogRequest, UserDialogResult } from '../../types/elicitation.js';
import type { Options } from '../../types/options.js';
import { isRecord } from '../../util/is-record.js';
import { systemClock } from '../../util/system-clock.js';
import { answerFromCallback } from './answer-from-callback.js';

/** How long an `onUserDialog` callback may take before the dialog is answered `cancelled`: 10 minutes. */
export const DEFAULT_USER_DIALOG_TIMEOUT_MS = 10 * 60_000;

/** The settlement that makes the CLI apply the dialog's default behaviour. */
const CANCELLED: UserDialogResult = { behavior: 'cancelled' };

/**
 * The handler of the CLI's `request_user_dialog` requests: calls
 * `options.onUserDialog({ dialogKind, payload, toolUseID }, { signal, requestId })` and answers its
 * return as is (`{ behavior: 'completed', result }` or `{ behavior: 'cancelled' }`); `null` writes
 * no answer (the caller answered out of band).
 *
 * Without a callback nothing is written, as the official SDK does: the CLI only sends the kinds a
 * client declared in `supportedDialogKinds`, another attached client may be the one that renders
 * them, and the CLI bounds an unanswered dialog with its own deadline. A callback that throws,
 * rejects or outlives `timeoutMs` answers `cancelled` (the official SDK sends an error answer, which
 * the CLI discards, leaving the dialog up until its deadline); when the CLI withdraws the request
 * (`control_cancel_request`) the callback's signal aborts.
 *
 * `options` is read when a request comes.
 *
 * @example
 * ```ts
 * protocol.handle('request_user_dialog', createUserDialogHandler(options));
 * ```
 */
export function createUserDialogHandler(
  options: Pick<Options, 'onUserDialog'>,
  timeoutMs: number = DEFAULT_USER_DIALOG_TIMEOUT_MS,
  clock: Clock = systemClock,
): (
  request: ControlRequestBody,
  context: Pick<ControlHandlerContext, 'signal' | 'requestId'>,
) => Promise<UserDialogResult | typeof NO_CONTROL_RESPONSE> {
  return async (request, { signal, requestId }) => {
    const onUserDialog = options.onUserDialog;
    if (onUserDialog === undefined) return NO_CONTROL_RESPONSE;
    const dialog: UserDialogRequest = {
      dialogKind: String(request.dialog_kind),
      payload: isRecord(request.payload) ? request.payload : {},
    };
    if (typeof request.tool_use_id === 'string') dialog.toolUseID = request.tool_use_id;
    return answerFromCallback(
      (callbackSignal) => onUserDialog(dialog, { signal: callbackSignal, requestId }),
      { timeoutMs, signal, what: 'onUserDialog', clock },
      CANCELLED,
    );
  };
}
