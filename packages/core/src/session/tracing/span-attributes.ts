import type { SpanAttributes } from '../../ports/session-tracer.js';

/**
 * The span and attribute names the session's spans carry: OpenTelemetry's GenAI semantic
 * conventions (`gen_ai.*`, `error.type`) where one fits, `hexagent.*` for the rest.
 */
export const SpanNames = {
  /** The whole query or client connection, from creation to close. */
  query: 'hexagent.query',
  /** One user turn, from the user message sent to its `result` (GenAI: an agent invocation). */
  turn: 'invoke_agent claude-code',
  /**
   * One tool call; the tool name is appended. In-process: the `mcp_message` with `tools/call`; a
   * tool the CLI runs itself: its `tool_use` to its `tool_result` in the messages.
   */
  tool: 'execute_tool',
  /** One `canUseTool` callback (`can_use_tool`). */
  permission: 'hexagent.permission',
  /** One hook callback (`hook_callback`); the hook event is appended. */
  hook: 'hexagent.hook',
  /** Any other control request, either way; the subtype is appended. */
  control: 'hexagent.control',
} as const;

/** The attribute names used on the session's spans. */
export const SpanAttr = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheCreationTokens: 'gen_ai.usage.cache_creation.input_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  errorType: 'error.type',
  costUsd: 'hexagent.cost_usd',
  durationMs: 'hexagent.duration_ms',
  durationApiMs: 'hexagent.duration_api_ms',
  numTurns: 'hexagent.num_turns',
  stopReason: 'hexagent.stop_reason',
  resultSubtype: 'hexagent.result.subtype',
  isError: 'hexagent.is_error',
  turns: 'hexagent.turns',
  mcpServer: 'hexagent.mcp.server',
  hookEvent: 'hexagent.hook.event',
  hookCallbackId: 'hexagent.hook.callback_id',
  permissionBehavior: 'hexagent.permission.behavior',
  controlSubtype: 'hexagent.control.subtype',
  controlDirection: 'hexagent.control.direction',
} as const;

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The attributes of a turn span from the turn's `result` message: tokens, cost, duration, stop reason. */
export function resultAttributes(result: Record<string, unknown>): SpanAttributes {
  const usage = (result.usage ?? {}) as Record<string, unknown>;
  const stopReason = string(result.stop_reason);
  return {
    [SpanAttr.conversationId]: string(result.session_id),
    [SpanAttr.inputTokens]: number(usage.input_tokens),
    [SpanAttr.outputTokens]: number(usage.output_tokens),
    [SpanAttr.cacheReadTokens]: number(usage.cache_read_input_tokens),
    [SpanAttr.cacheCreationTokens]: number(usage.cache_creation_input_tokens),
    [SpanAttr.finishReasons]: stopReason === undefined ? undefined : [stopReason],
    [SpanAttr.stopReason]: stopReason,
    [SpanAttr.costUsd]: number(result.total_cost_usd),
    [SpanAttr.durationMs]: number(result.duration_ms),
    [SpanAttr.durationApiMs]: number(result.duration_api_ms),
    [SpanAttr.numTurns]: number(result.num_turns),
    [SpanAttr.resultSubtype]: string(result.subtype),
    [SpanAttr.isError]: result.is_error === true,
  };
}
