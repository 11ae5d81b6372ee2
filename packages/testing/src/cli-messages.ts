import type { InboundMessage } from '@hexagent/core';

/** Fields a test sets on a built message: they replace the defaults, shallowly. */
export type MessageFields = Record<string, unknown>;

/** The session id the built messages carry unless a test gives one. */
export const FAKE_SESSION_ID = 'fake-session';

/**
 * A success `result` as the CLI writes it at the end of a turn, with the fields a consumer reads
 * (`num_turns`, durations, cost, usage, `permission_denials`); `fields` replace any of them, e.g.
 * `resultMessage({ result: 'done', session_id: 's' })` or `resultMessage({ subtype: 'error_during_execution', is_error: true })`.
 */
export function resultMessage(fields: MessageFields = {}): InboundMessage {
  return {
    type: 'result',
    subtype: 'success',
    session_id: FAKE_SESSION_ID,
    result: 'done',
    is_error: false,
    num_turns: 1,
    duration_ms: 1,
    duration_api_ms: 1,
    total_cost_usd: 0,
    stop_reason: 'end_turn',
    usage: { input_tokens: 1, output_tokens: 1 },
    permission_denials: [],
    ...fields,
  };
}

/** An `assistant` message with one text block, as the CLI writes it; `fields` replace the envelope's fields. */
export function assistantMessage(text: string, fields: MessageFields = {}): InboundMessage {
  return {
    type: 'assistant',
    session_id: FAKE_SESSION_ID,
    parent_tool_use_id: null,
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: 'fake-model',
      content: [{ type: 'text', text }],
      stop_reason: null,
    },
    ...fields,
  };
}

/** The `system`/`init` message the CLI writes as a session starts; `fields` replace any of its fields. */
export function systemInitMessage(fields: MessageFields = {}): InboundMessage {
  return {
    type: 'system',
    subtype: 'init',
    session_id: FAKE_SESSION_ID,
    cwd: process.cwd(),
    tools: [],
    mcp_servers: [],
    model: 'fake-model',
    permissionMode: 'default',
    slash_commands: [],
    apiKeySource: 'none',
    ...fields,
  };
}
