import type { OutboundMessage } from '../types/control.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';

/**
 * A user turn as it is written to the CLI: a string becomes a text message; a message object is
 * sent as is, with `session_id` (`''`) and `parent_tool_use_id` (`null`) filled in when missing.
 */
export function userMessageWire(message: string | SDKUserMessageInput): OutboundMessage {
  return typeof message === 'string'
    ? { type: 'user', session_id: '', message: { role: 'user', content: message }, parent_tool_use_id: null }
    : { session_id: '', parent_tool_use_id: null, ...message };
}
