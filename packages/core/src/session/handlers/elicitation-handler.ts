import type { Clock } from '../../ports/clock.js';
import type { ControlHandlerContext, NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { ControlRequestBody } from '../../types/control.js';
import type { ElicitationRequest, ElicitationResult } from '../../types/elicitation.js';
import type { Options } from '../../types/options.js';
import { isRecord } from '../../util/is-record.js';
import { systemClock } from '../../util/system-clock.js';
import { answerFromCallback } from './answer-from-callback.js';

/** How long an `onElicitation` callback may take before the elicitation is declined: 10 minutes. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 10 * 60_000;

/** The answer for an elicitation nobody answered: what the official SDK sends without a callback. */
const DECLINE: ElicitationResult = { action: 'decline' };

/**
 * The handler of the CLI's `elicitation` requests (an MCP server's `elicitation/create`, forwarded):
 * calls `options.onElicitation(request, { signal, requestId })` with the official request shape and
 * answers its return as is; `null` writes no answer (the caller answered out of band). Without a
 * callback it declines, as the official SDK does. A callback that throws, rejects, outlives
 * `timeoutMs` or is withdrawn by the CLI (`control_cancel_request`, its signal aborts) declines too,
 * so the MCP server is never left waiting.
 *
 * `options` is read when a request comes.
 *
 * @example
 * ```ts
 * protocol.handle('elicitation', createElicitationHandler(options));
 * ```
 */
export function createElicitationHandler(
  options: Pick<Options, 'onElicitation'>,
  timeoutMs: number = DEFAULT_ELICITATION_TIMEOUT_MS,
  clock: Clock = systemClock,
): (
  request: ControlRequestBody,
  context: Pick<ControlHandlerContext, 'signal' | 'requestId'>,
) => Promise<ElicitationResult | typeof NO_CONTROL_RESPONSE> {
  return async (request, { signal, requestId }) => {
    const onElicitation = options.onElicitation;
    if (onElicitation === undefined) return DECLINE;
    const elicitation = elicitationRequest(request);
    return answerFromCallback(
      (callbackSignal) => onElicitation(elicitation, { signal: callbackSignal, requestId }),
      { timeoutMs, signal, what: 'onElicitation', clock },
      DECLINE,
    );
  };
}

/** The official callback's view of the wire request (`property_order` is not passed on). */
function elicitationRequest(request: ControlRequestBody): ElicitationRequest {
  const elicitation: ElicitationRequest = {
    serverName: String(request.mcp_server_name),
    message: typeof request.message === 'string' ? request.message : '',
  };
  // Passed on as the CLI sent it: a mode added later reaches the callback rather than vanishing.
  if (typeof request.mode === 'string') elicitation.mode = request.mode as 'form' | 'url';
  if (typeof request.url === 'string') elicitation.url = request.url;
  if (typeof request.elicitation_id === 'string') elicitation.elicitationId = request.elicitation_id;
  if (isRecord(request.requested_schema)) elicitation.requestedSchema = request.requested_schema;
  if (typeof request.title === 'string') elicitation.title = request.title;
  if (typeof request.display_name === 'string') elicitation.displayName = request.display_name;
  if (typeof request.description === 'string') elicitation.description = request.description;
  return elicitation;
}
