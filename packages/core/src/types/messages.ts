/**
 * Messages the Claude Code CLI streams on stdout in stream-json mode, and the user messages
 * the SDK writes to it. Every message type keeps an index signature: the CLI adds fields all
 * the time and hexagent passes them through untouched.
 */

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Token usage as reported by the Messages API and aggregated by the CLI. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  [key: string]: unknown;
}

/** A text block in a message. */
export interface TextBlock {
  type: 'text';
  text: string;
  [key: string]: unknown;
}

/** A tool call requested by the model. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  [key: string]: unknown;
}

/** A tool result sent back to the model. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<TextBlock | ImageBlock | { type: string; [key: string]: unknown }>;
  is_error?: boolean;
  [key: string]: unknown;
}

/** Extended thinking. */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature?: string;
  [key: string]: unknown;
}

/** An image, base64 or by URL. */
export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
  [key: string]: unknown;
}

/** A content block of a kind hexagent does not model; passed through as is. */
export interface UnknownBlock {
  type: string;
  [key: string]: unknown;
}

/** Any content block. */
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | ThinkingBlock | ImageBlock | UnknownBlock;

/** The API message inside an assistant message. */
export interface ApiAssistantMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ContentBlock[];
  stop_reason: string | null;
  stop_sequence?: string | null;
  usage?: Usage;
  [key: string]: unknown;
}

/** A user message as the API sees it. */
export interface ApiUserMessage {
  role: 'user';
  content: string | ContentBlock[];
  [key: string]: unknown;
}

/** A complete assistant turn (text, tool calls, thinking). */
export interface SDKAssistantMessage {
  type: 'assistant';
  message: ApiAssistantMessage;
  parent_tool_use_id: string | null;
  session_id: string;
  uuid?: string;
  /** Set when the API call failed (`rate_limit`, `authentication_failed`, ...). */
  error?: string;
  [key: string]: unknown;
}

/** A user message: the prompt the SDK sent, or the CLI's tool results. */
export interface SDKUserMessage {
  type: 'user';
  message: ApiUserMessage;
  parent_tool_use_id: string | null;
  session_id: string;
  uuid?: string;
  /** The tool's raw result, on messages that carry tool results. */
  tool_use_result?: unknown;
  /** True for messages that replay an earlier session's user turn. */
  isReplay?: boolean;
  [key: string]: unknown;
}

/** Fields shared by every `result` message. */
interface ResultBase {
  type: 'result';
  session_id: string;
  duration_ms: number;
  duration_api_ms: number;
  is_error: boolean;
  num_turns: number;
  total_cost_usd: number;
  usage: Usage;
  modelUsage?: Record<string, unknown>;
  permission_denials: Array<{ tool_name: string; tool_use_id: string; tool_input: Record<string, unknown> }>;
  stop_reason?: string | null;
  uuid?: string;
  [key: string]: unknown;
}

/** A turn that ended normally. */
export interface SDKResultSuccess extends ResultBase {
  subtype: 'success';
  /** The final assistant text. */
  result: string;
  /** The structured output, when `outputFormat` asked for JSON Schema output. */
  structured_output?: unknown;
}

/** A turn that ended in an error (max turns, budget, execution error, ...). */
export interface SDKResultError extends ResultBase {
  subtype:
    | 'error_max_turns'
    | 'error_during_execution'
    | 'error_max_budget_usd'
    | 'error_max_structured_output_retries'
    | (string & {});
  errors?: string[];
  result?: string;
}

/** The message that ends a turn. */
export type SDKResultMessage = SDKResultSuccess | SDKResultError;

/** The first message of a session: tools, MCP servers, model, permission mode. */
export interface SDKSystemInitMessage {
  type: 'system';
  subtype: 'init';
  session_id: string;
  cwd: string;
  tools: string[];
  mcp_servers: Array<{ name: string; status: string; [key: string]: unknown }>;
  model: string;
  permissionMode: string;
  slash_commands?: string[];
  apiKeySource?: string;
  claude_code_version?: string;
  uuid?: string;
  [key: string]: unknown;
}

/** Fields shared by the `system` messages below. */
interface SystemBase {
  type: 'system';
  session_id: string;
  uuid?: string;
  [key: string]: unknown;
}

/** The conversation was compacted; later messages start from the summary. */
export interface SDKCompactBoundaryMessage extends SystemBase {
  subtype: 'compact_boundary';
  compact_metadata: { trigger: 'manual' | 'auto'; pre_tokens: number; post_tokens?: number; [key: string]: unknown };
}

/** A status change (`requesting`, `compacting`, ...) or the permission mode. */
export interface SDKStatusMessage extends SystemBase {
  subtype: 'status';
  status: string | null;
  permissionMode?: string;
}

/** An API call failed and will be retried. */
export interface SDKApiRetryMessage extends SystemBase {
  subtype: 'api_retry';
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: string;
}

/** The session went `running`, `idle` (a turn ended) or `requires_action` (waiting on a permission). */
export interface SDKSessionStateChangedMessage extends SystemBase {
  subtype: 'session_state_changed';
  state: 'idle' | 'running' | 'requires_action' | (string & {});
}

/** A hook started running. */
export interface SDKHookStartedMessage extends SystemBase {
  subtype: 'hook_started';
  hook_id: string;
  hook_name: string;
  hook_event: string;
}

/** A hook finished. */
export interface SDKHookResponseMessage extends SystemBase {
  subtype: 'hook_response';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  output: string;
  stdout: string;
  stderr: string;
  exit_code?: number;
  outcome: 'success' | 'error' | 'cancelled';
}

/** A tool call was denied by a rule, a hook or the permission callback. */
export interface SDKPermissionDeniedMessage extends SystemBase {
  subtype: 'permission_denied';
  tool_name: string;
  tool_use_id: string;
  message: string;
  decision_reason?: string;
}

/** A background task (sub-agent, shell) finished. */
export interface SDKTaskNotificationMessage extends SystemBase {
  subtype: 'task_notification';
  task_id: string;
  status: 'completed' | 'failed' | 'stopped';
  output_file: string;
  summary: string;
}

/** A `system` message of a subtype not modelled above; passed through untouched. */
export interface SDKSystemOtherMessage {
  type: 'system';
  subtype: string;
  session_id?: string;
  [key: string]: unknown;
}

/** Any `system` message. Narrow with the `is...` guards: the open `SDKSystemOtherMessage` defeats `switch`. */
export type SDKSystemMessage =
  | SDKSystemInitMessage
  | SDKCompactBoundaryMessage
  | SDKStatusMessage
  | SDKApiRetryMessage
  | SDKSessionStateChangedMessage
  | SDKHookStartedMessage
  | SDKHookResponseMessage
  | SDKPermissionDeniedMessage
  | SDKTaskNotificationMessage
  | SDKSystemOtherMessage;

/** A long-running tool is still running. */
export interface SDKToolProgressMessage {
  type: 'tool_progress';
  tool_use_id: string;
  tool_name: string;
  parent_tool_use_id: string | null;
  elapsed_time_seconds: number;
  session_id: string;
  uuid?: string;
  [key: string]: unknown;
}

/** A short summary of a run of tool calls. */
export interface SDKToolUseSummaryMessage {
  type: 'tool_use_summary';
  summary: string;
  preceding_tool_use_ids: string[];
  session_id: string;
  uuid?: string;
  [key: string]: unknown;
}

/** Rate-limit information from the API. */
export interface SDKRateLimitEvent {
  type: 'rate_limit_event';
  rate_limit_info: Record<string, unknown>;
  session_id: string;
  uuid?: string;
  [key: string]: unknown;
}

/** A raw API stream event (only with `includePartialMessages`). */
export interface SDKPartialAssistantMessage {
  type: 'stream_event';
  event: { type: string; [key: string]: unknown };
  parent_tool_use_id: string | null;
  session_id: string;
  uuid?: string;
  [key: string]: unknown;
}

/** A message of a type hexagent does not model yet; passed through untouched. */
export interface SDKUnknownMessage {
  type: string;
  [key: string]: unknown;
}

/** Every message the CLI can stream to the user. */
export type SDKMessage =
  | SDKAssistantMessage
  | SDKUserMessage
  | SDKResultMessage
  | SDKSystemMessage
  | SDKPartialAssistantMessage
  | SDKToolProgressMessage
  | SDKToolUseSummaryMessage
  | SDKRateLimitEvent;

/** What a query yields: a known message, or an unknown one passed through. */
export type SDKAnyMessage = SDKMessage | SDKUnknownMessage;

/** A user message to send to the CLI; `session_id` and `parent_tool_use_id` may be omitted. */
export interface SDKUserMessageInput {
  type: 'user';
  message: ApiUserMessage;
  parent_tool_use_id?: string | null;
  session_id?: string;
  uuid?: string;
  [key: string]: unknown;
}

/** True for an `assistant` message. */
export function isAssistantMessage(message: { type: string }): message is SDKAssistantMessage {
  return message.type === 'assistant';
}

/** True for a `user` message. */
export function isUserMessage(message: { type: string }): message is SDKUserMessage {
  return message.type === 'user';
}

/** True for a `result` message (any subtype). */
export function isResultMessage(message: { type: string }): message is SDKResultMessage {
  return message.type === 'result';
}

/** True for a `result` message of subtype `success`. */
export function isResultSuccess(message: { type: string }): message is SDKResultSuccess {
  return message.type === 'result' && (message as { subtype?: unknown }).subtype === 'success';
}

/** True for the `system`/`init` message. */
export function isSystemInitMessage(message: { type: string }): message is SDKSystemInitMessage {
  return message.type === 'system' && (message as { subtype?: unknown }).subtype === 'init';
}

/** True for a `system` message of any subtype. */
export function isSystemMessage(message: { type: string }): message is SDKSystemMessage {
  return message.type === 'system';
}

/** True for a `stream_event` partial message. */
export function isStreamEvent(message: { type: string }): message is SDKPartialAssistantMessage {
  return message.type === 'stream_event';
}

/** True for a `system`/`compact_boundary` message. */
export function isCompactBoundaryMessage(message: { type: string }): message is SDKCompactBoundaryMessage {
  return message.type === 'system' && (message as { subtype?: unknown }).subtype === 'compact_boundary';
}

/** True for a `system`/`session_state_changed` message. */
export function isSessionStateChangedMessage(message: { type: string }): message is SDKSessionStateChangedMessage {
  return message.type === 'system' && (message as { subtype?: unknown }).subtype === 'session_state_changed';
}

/** True for a `system`/`api_retry` message. */
export function isApiRetryMessage(message: { type: string }): message is SDKApiRetryMessage {
  return message.type === 'system' && (message as { subtype?: unknown }).subtype === 'api_retry';
}

/** True for a `system`/`status` message. */
export function isStatusMessage(message: { type: string }): message is SDKStatusMessage {
  return message.type === 'system' && (message as { subtype?: unknown }).subtype === 'status';
}

/** True for a `result` that is an error (`is_error`, or a subtype other than `success`). */
export function isResultError(message: { type: string }): message is SDKResultMessage {
  if (message.type !== 'result') return false;
  const result = message as { subtype?: unknown; is_error?: unknown };
  return result.is_error === true || result.subtype !== 'success';
}

/** The text of an assistant message: its text blocks joined. */
export function assistantText(message: SDKAssistantMessage): string {
  let out = '';
  for (const block of message.message.content) if (block.type === 'text') out += (block as TextBlock).text;
  return out;
}

/** The tool calls in an assistant message. */
export function toolUses(message: SDKAssistantMessage): ToolUseBlock[] {
  return message.message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
}
