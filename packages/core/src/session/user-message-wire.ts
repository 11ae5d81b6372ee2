import type { OutboundMessage } from '../types/control.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';

/**
 * A user turn as it is written to the CLI: a string becomes a message with one text block (as the
 * official SDK writes a string prompt, so transcripts and the model's request hold the same
 * content whichever SDK sent it); a message object is sent as is, with `session_id` (`''`) and `parent_tool_use_id` (`null`) filled in when missing.
 * With `verbatim` (the `verbatimPrompts` option) it also carries `client_composed: true`, last, as
 * the official SDK writes it, so the CLI neither expands `@path` mentions nor runs slash commands.
 */
export function userMessageWire(message: string | SDKUserMessageInput, verbatim = false): OutboundMessage {
  const wire: OutboundMessage =
    typeof message === 'string'
      ? {
          type: 'user',
          session_id: '',
          message: { role: 'user', content: [{ type: 'text', text: message }] },
          parent_tool_use_id: null,
        }
      : { session_id: '', parent_tool_use_id: null, ...message };
  return verbatim ? { ...wire, client_composed: true } : wire;
}
