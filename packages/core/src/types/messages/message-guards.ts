import type { BetaToolUseBlock } from '../api/beta-content-blocks.js';
import type { SDKAssistantMessage, SDKPartialAssistantMessage } from './assistant-message.js';
import type { SDKResultMessage, SDKResultSuccess } from './result-message.js';
import type { SDKMessage } from './sdk-message.js';
import type { SDKSystemMessage } from './system-init-message.js';
import type {
  SDKAPIRetryMessage,
  SDKCompactBoundaryMessage,
  SDKSessionStateChangedMessage,
  SDKStatusMessage,
} from './system-status-messages.js';
import type { SDKUserMessage, SDKUserMessageReplay } from './user-message.js';

/** Any `system` message of {@link SDKMessage}, whatever its subtype. */
export type SDKAnySystemMessage = Extract<SDKMessage, { type: 'system' }>;

function hasSubtype(message: { type: string }, type: string, subtype: string): boolean {
  return message.type === type && (message as { subtype?: unknown }).subtype === subtype;
}

/** True for an `assistant` message. */
export function isAssistantMessage(message: { type: string }): message is SDKAssistantMessage {
  return message.type === 'assistant';
}

/** True for a `user` message (a prompt echoed back, tool results, or a replayed turn). */
export function isUserMessage(message: { type: string }): message is SDKUserMessage | SDKUserMessageReplay {
  return message.type === 'user';
}

/** True for a `result` message (any subtype). */
export function isResultMessage(message: { type: string }): message is SDKResultMessage {
  return message.type === 'result';
}

/** True for a `result` message of subtype `success`. */
export function isResultSuccess(message: { type: string }): message is SDKResultSuccess {
  return hasSubtype(message, 'result', 'success');
}

/** True for a `result` that is an error (`is_error`, or a subtype other than `success`). */
export function isResultError(message: { type: string }): message is SDKResultMessage {
  if (message.type !== 'result') return false;
  const result = message as { subtype?: unknown; is_error?: unknown };
  return result.is_error === true || result.subtype !== 'success';
}

/** True for the `system`/`init` message ({@link SDKSystemMessage}). */
export function isSystemInitMessage(message: { type: string }): message is SDKSystemMessage {
  return hasSubtype(message, 'system', 'init');
}

/** True for a `system` message of any subtype. */
export function isSystemMessage(message: { type: string }): message is SDKAnySystemMessage {
  return message.type === 'system';
}

/** True for a `stream_event` partial message. */
export function isStreamEvent(message: { type: string }): message is SDKPartialAssistantMessage {
  return message.type === 'stream_event';
}

/** True for a `system`/`compact_boundary` message. */
export function isCompactBoundaryMessage(message: { type: string }): message is SDKCompactBoundaryMessage {
  return hasSubtype(message, 'system', 'compact_boundary');
}

/** True for a `system`/`session_state_changed` message. */
export function isSessionStateChangedMessage(message: { type: string }): message is SDKSessionStateChangedMessage {
  return hasSubtype(message, 'system', 'session_state_changed');
}

/** True for a `system`/`api_retry` message. */
export function isApiRetryMessage(message: { type: string }): message is SDKAPIRetryMessage {
  return hasSubtype(message, 'system', 'api_retry');
}

/** True for a `system`/`status` message. */
export function isStatusMessage(message: { type: string }): message is SDKStatusMessage {
  return hasSubtype(message, 'system', 'status');
}

/** The text of an assistant message: its text blocks joined. */
export function assistantText(message: SDKAssistantMessage): string {
  let out = '';
  for (const block of message.message.content) if (block.type === 'text') out += block.text;
  return out;
}

/** The tool calls in an assistant message. */
export function toolUses(message: SDKAssistantMessage): BetaToolUseBlock[] {
  return message.message.content.filter((block): block is BetaToolUseBlock => block.type === 'tool_use');
}
