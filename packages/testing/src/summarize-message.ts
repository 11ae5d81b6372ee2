/**
 * A short name for a message in test diagnostics: its `type`, with the subtype for control
 * requests and responses (`control_request:initialize`, `control_response:success`).
 */
export function summarizeMessage(message: { type: string; [key: string]: unknown }): string {
  const request = message['request'] as { subtype?: unknown } | undefined;
  if (message.type === 'control_request' && typeof request?.subtype === 'string') {
    return `control_request:${request.subtype}`;
  }
  const response = message['response'] as { subtype?: unknown } | undefined;
  if (message.type === 'control_response' && typeof response?.subtype === 'string') {
    return `control_response:${response.subtype}`;
  }
  return message.type;
}
