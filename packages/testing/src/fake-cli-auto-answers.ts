import type { ControlRequestMessage, InboundMessage } from '@hexagent/core';
import { defaultInitializeResponse } from './default-initialize-response.js';
import type { ControlAutoResponder, FakeCliTransportOptionsOf } from './fake-cli-transport-options.js';

/** The options that script the automatic answers. */
type AutoAnswerOptions = Pick<FakeCliTransportOptionsOf<unknown>, 'autoInitialize' | 'autoRespond'>;

/** The automatic answer to an SDK control request of `subtype`, from the options (undefined: none). */
function responderFor(options: AutoAnswerOptions, subtype: string): ControlAutoResponder | undefined {
  const custom = options.autoRespond?.[subtype];
  if (custom !== undefined) return custom;
  const auto = options.autoInitialize;
  if (subtype !== 'initialize' || auto === undefined || auto === false) return undefined;
  const extra = auto === true ? {} : auto;
  return (request) => ({
    ...defaultInitializeResponse(),
    ...(request.mcpServers !== undefined && { mcp_servers_applied: true }),
    ...extra,
  });
}

/**
 * Answers the SDK's control request `message` through `push` when the options script an answer for
 * its subtype (`autoInitialize`, `autoRespond`): a success with the responder's payload, or an error
 * with the message of what it threw.
 */
export function autoAnswer(
  options: AutoAnswerOptions,
  message: ControlRequestMessage,
  push: (message: InboundMessage) => void,
): void {
  const { request_id: requestId, request } = message;
  const responder = responderFor(options, request.subtype);
  if (responder === undefined) return;
  // Answer on a later tick, as a real CLI would, so the SDK has registered its pending request.
  setImmediate(() => {
    Promise.resolve()
      .then(() => responder(request, message))
      .then(
        (response) =>
          push({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } }),
        (error: unknown) =>
          push({
            type: 'control_response',
            response: {
              subtype: 'error',
              request_id: requestId,
              error: error instanceof Error ? error.message : String(error),
            },
          }),
      );
  });
}
