import type { ControlRequestMessage, OutboundMessage } from '@hexagent/core';

/** True when `message` is a well-formed `control_request` (a string `request_id`, a `request` with a string `subtype`). */
export function isControlRequest(message: OutboundMessage): message is OutboundMessage & ControlRequestMessage {
  const request = (message as { request?: unknown }).request;
  return (
    message.type === 'control_request' &&
    typeof (message as { request_id?: unknown }).request_id === 'string' &&
    typeof request === 'object' &&
    request !== null &&
    typeof (request as { subtype?: unknown }).subtype === 'string'
  );
}
