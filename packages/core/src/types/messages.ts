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

/** A `system` message of another subtype (`status`, `session_state_changed`, `compact_boundary`, ...). */
export interface SDKSystemOtherMessage {
  type: 'system';
  subtype: string;
  session_id?: string;
  [key: string]: unknown;
}

/** Any `system` message. */
export type SDKSystemMessage = SDKSystemInitMessage | SDKSystemOtherMessage;

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
  | SDKPartialAssistantMessage;

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
