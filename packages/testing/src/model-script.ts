import type { RecordedRequest } from './recorded-request.js';

/** A text block the scripted model answers with. */
export interface TextContent {
  type: 'text';
  text: string;
}

/**
 * A tool call the scripted model makes. `name` is what the CLI sees, so an in-process MCP tool
 * is `mcp__<server>__<tool>`.
 */
export interface ToolUseContent {
  type: 'tool_use';
  name: string;
  input: Record<string, unknown>;
  /** The block id; the server generates `toolu_<n>` (unique per server) when it is omitted. */
  id?: string;
}

/** An extended-thinking block; streamed as `thinking_delta` chunks and one `signature_delta`. */
export interface ThinkingContent {
  type: 'thinking';
  thinking: string;
  /** Opaque signature the CLI sends back on later requests; a fixed placeholder when omitted. */
  signature?: string;
}

/** Any block a scripted turn can contain. */
export type ModelContent = TextContent | ToolUseContent | ThinkingContent;

/** Token usage reported for a scripted turn. */
export interface ModelUsage {
  /** Input tokens not read from or written to the cache. */
  input_tokens: number;
  output_tokens: number;
  /** Input tokens read from the prompt cache (default 0). */
  cache_read_input_tokens?: number;
  /** Input tokens written to the prompt cache (default 0). */
  cache_creation_input_tokens?: number;
}

/** Why the scripted model stopped. */
export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens';

/** One successful model answer. */
export interface ModelReply {
  /** The blocks, in order. Several `tool_use` blocks make the CLI run several tool calls. */
  content: ModelContent[];
  /** Defaults to `tool_use` when a `tool_use` block is present, else `end_turn`. */
  stopReason?: ModelStopReason;
  /** Defaults to `{ input_tokens: 10, output_tokens: 5 }` (the values in the recorded captures). */
  usage?: ModelUsage;
  /** Wait this long before answering (the CLI sees a slow model; useful to interrupt it). */
  delayMs?: number;
}

/** An Anthropic API error the scripted model answers with instead of a message. */
export interface ModelApiError {
  /** HTTP status and the `error` object of the body `{"type":"error","error":{type,message}}`. */
  error: { status: number; type: string; message: string };
  /**
   * When `false` (the default) the response carries `x-should-retry: false`, so the CLI reports
   * the error at once instead of retrying with backoff, and in list mode the CLI's immediate
   * retries of the same request get the same error without consuming a turn. When `true` the
   * response carries `x-should-retry: true` and the CLI's retry consumes the next turn.
   */
  retryable?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** One scripted answer: a message or an API error. */
export type ModelTurn = ModelReply | ModelApiError;

/**
 * Computes the answer to one main-conversation request. `index` counts main requests from 0
 * (CLI retries included: see {@link RecordedRequest.isRetry}).
 */
export type ModelScriptFunction = (request: RecordedRequest, index: number) => ModelTurn | Promise<ModelTurn>;

/**
 * What the scripted model says: a list of turns consumed one per main-conversation request, or a
 * function called for each main-conversation request.
 */
export type ModelScript = readonly ModelTurn[] | ModelScriptFunction;

/** True when `turn` is an API error turn. */
export function isModelApiError(turn: ModelTurn): turn is ModelApiError {
  return 'error' in turn && typeof (turn as { error?: unknown }).error === 'object';
}
