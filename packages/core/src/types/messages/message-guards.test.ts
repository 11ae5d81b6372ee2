import { describe, expect, it } from 'vitest';
import type { SDKAssistantMessage } from './assistant-message.js';
import {
  assistantText,
  isApiRetryMessage,
  isAssistantMessage,
  isCompactBoundaryMessage,
  isResultError,
  isResultMessage,
  isResultSuccess,
  isSessionStateChangedMessage,
  isStatusMessage,
  isStreamEvent,
  isSystemInitMessage,
  isSystemMessage,
  isUserMessage,
  toolUses,
} from './message-guards.js';

const samples = {
  init: {
    type: 'system',
    subtype: 'init',
    session_id: 's',
    cwd: '/',
    tools: [],
    mcp_servers: [],
    model: 'm',
    permissionMode: 'default',
  },
  state: { type: 'system', subtype: 'session_state_changed', state: 'idle', session_id: 's' },
  status: { type: 'system', subtype: 'status', status: 'requesting', session_id: 's' },
  retry: {
    type: 'system',
    subtype: 'api_retry',
    attempt: 1,
    max_retries: 10,
    retry_delay_ms: 500,
    error_status: 529,
    error: 'overloaded',
    session_id: 's',
  },
  compact: {
    type: 'system',
    subtype: 'compact_boundary',
    compact_metadata: { trigger: 'auto', pre_tokens: 1 },
    session_id: 's',
  },
  assistant: {
    type: 'assistant',
    session_id: 's',
    parent_tool_use_id: null,
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'm',
      stop_reason: null,
      content: [
        { type: 'text', text: 'Let me ' },
        { type: 'tool_use', id: 't1', name: 'mcp__calc__add', input: { a: 1 } },
        { type: 'text', text: 'add.' },
      ],
    },
  },
  user: { type: 'user', session_id: 's', parent_tool_use_id: null, message: { role: 'user', content: 'hi' } },
  success: { type: 'result', subtype: 'success', is_error: false },
  apiErrorResult: { type: 'result', subtype: 'success', is_error: true },
  maxTurns: { type: 'result', subtype: 'error_max_turns', is_error: false },
  partial: { type: 'stream_event', event: { type: 'message_start' }, session_id: 's', parent_tool_use_id: null },
  unknown: { type: 'brand_new_kind', payload: 1 },
} as const;

type Guard = (message: { type: string }) => boolean;
const guards: Record<string, [Guard, Array<keyof typeof samples>]> = {
  isSystemInitMessage: [isSystemInitMessage, ['init']],
  isSessionStateChangedMessage: [isSessionStateChangedMessage, ['state']],
  isStatusMessage: [isStatusMessage, ['status']],
  isApiRetryMessage: [isApiRetryMessage, ['retry']],
  isCompactBoundaryMessage: [isCompactBoundaryMessage, ['compact']],
  isSystemMessage: [isSystemMessage, ['init', 'state', 'status', 'retry', 'compact']],
  isAssistantMessage: [isAssistantMessage, ['assistant']],
  isUserMessage: [isUserMessage, ['user']],
  isResultMessage: [isResultMessage, ['success', 'apiErrorResult', 'maxTurns']],
  isResultSuccess: [isResultSuccess, ['success', 'apiErrorResult']],
  isResultError: [isResultError, ['apiErrorResult', 'maxTurns']],
  isStreamEvent: [isStreamEvent, ['partial']],
};

describe('message guards', () => {
  for (const [name, [guard, matching]] of Object.entries(guards)) {
    it(`${name} matches exactly ${matching.join(', ')}`, () => {
      const matched = (Object.keys(samples) as Array<keyof typeof samples>).filter((key) => guard(samples[key]));
      expect(matched).toEqual(matching);
    });
  }

  it('reads the text and the tool calls of an assistant message', () => {
    const message = samples.assistant as unknown as SDKAssistantMessage;
    expect(assistantText(message)).toBe('Let me add.');
    expect(toolUses(message).map((block) => block.name)).toEqual(['mcp__calc__add']);
  });
});
