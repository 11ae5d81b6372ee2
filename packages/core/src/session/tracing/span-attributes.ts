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
   * One tool call; the tool name is appended, as the model and Claude Code name it
   * (`mcp__calc__add` for an in-process tool, `Bash`). In-process: the `mcp_message` with
   * `tools/call`; a tool the CLI runs itself: its `tool_use` to its `tool_result` in the messages
   * (to its `task_notification` when it went on in the background).
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
  /** A tool call's output; only with `recordToolOutput` (GenAI: opt-in). */
  toolCallResult: 'gen_ai.tool.call.result',
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
  /** An in-process tool's name on its server (`add` for `mcp__calc__add`). */
  mcpTool: 'hexagent.mcp.tool',
  /** The tool call went on in the background (a subagent or command started in the background). */
  toolBackground: 'hexagent.tool.background',
  /** How a background task ended: `completed`, `failed` or `stopped` (its `task_notification`). */
  taskStatus: 'hexagent.task.status',
  hookEvent: 'hexagent.hook.event',
  hookCallbackId: 'hexagent.hook.callback_id',
  permissionBehavior: 'hexagent.permission.behavior',
  controlSubtype: 'hexagent.control.subtype',
  controlDirection: 'hexagent.control.direction',
} as const;

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * `gen_ai.usage.input_tokens` as the GenAI conventions define it for Anthropic: every input token,
 * cached ones included (`input_tokens + cache_read_input_tokens + cache_creation_input_tokens`),
 * since Anthropic's own `input_tokens` leaves out what was read from or written to the cache.
 */
function inputTokens(usage: Record<string, unknown>): number | undefined {
  const uncached = number(usage.input_tokens);
  if (uncached === undefined) return undefined;
  return uncached + (number(usage.cache_read_input_tokens) ?? 0) + (number(usage.cache_creation_input_tokens) ?? 0);
}

/**
 * The attributes of a turn span from the turn's `result` message: tokens (input with the cached
 * ones, which are also given apart), cost, duration, stop reason.
 */
export function resultAttributes(result: Record<string, unknown>): SpanAttributes {
  const usage = (result.usage ?? {}) as Record<string, unknown>;
  const stopReason = string(result.stop_reason);
  return {
    [SpanAttr.conversationId]: string(result.session_id),
    [SpanAttr.inputTokens]: inputTokens(usage),
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
