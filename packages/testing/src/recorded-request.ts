import type { ContentBlockParam, ToolResultBlockParam } from '@hexagent/core';

/** One message of a Messages API request. The CLI also sends `role: "system"` messages. */
export interface MessagesRequestMessage {
  role: 'user' | 'assistant' | 'system' | (string & {});
  content: string | ContentBlockParam[];
  [key: string]: unknown;
}

/**
 * The JSON body of a Messages API request as the client sent it. Nothing is validated, so every
 * field is optional; unknown fields are kept.
 */
export interface MessagesRequestBody {
  model?: string;
  messages?: MessagesRequestMessage[];
  system?: string | Array<{ type: string; text?: string; [key: string]: unknown }>;
  tools?: Array<{ name: string; [key: string]: unknown }>;
  max_tokens?: number;
  stream?: boolean;
  [key: string]: unknown;
}

/**
 * How the server classified a request:
 * - `main`: `POST /v1/messages` with `"stream": true` and `max_tokens` other than 1. The CLI's
 *   conversation loop (and its sub-agents) always stream; these requests are answered from the script.
 * - `side`: any other `POST /v1/messages`, such as the non-streaming `max_tokens: 1` request the CLI
 *   makes to validate a model on `set_model`. Answered with a generic text and never from the script.
 * - `count_tokens`: `POST /v1/messages/count_tokens`.
 * - `other`: anything else (answered 404).
 */
export type RequestKind = 'main' | 'side' | 'count_tokens' | 'other';

/** A request the scripted model server received. */
export interface RecordedRequest {
  /** Position among every request the server received, from 0. */
  index: number;
  /** HTTP method. */
  method: string;
  /** Path with query string, for example `/v1/messages?beta=true`. */
  path: string;
  /** Request headers, names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON body; `{}` when the body was empty or not a JSON object. */
  body: MessagesRequestBody;
  /** The body as received. */
  rawBody: string;
  /** How the request was classified. */
  kind: RequestKind;
  /**
   * For main requests: the index of the script turn that answered it (list mode), or the index
   * passed to the script function. Absent for other kinds and when the list was exhausted.
   */
  turnIndex?: number;
  /** True for a main request answered with `(no more scripted turns)` because the list ran out. */
  exhausted: boolean;
  /**
   * True for a main request whose `messages` equal the previous main request's, which was answered
   * with an API error: the CLI retrying. In list mode it gets the same error unless that error was
   * `retryable`.
   */
  isRetry: boolean;
}

/** A `tool_result` block the model received, as collected by `ScriptedModelServer.toolResults()`. */
export interface RecordedToolResult {
  tool_use_id: string;
  /** The block's `content`, as sent (a string or a list of blocks; absent when the CLI omitted it). */
  content: ToolResultBlockParam['content'];
  /** The block's `is_error`, `false` when absent. */
  is_error: boolean;
  /** `index` of the first main request that carried it. */
  requestIndex: number;
}
