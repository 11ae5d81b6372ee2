import { JsonRpcErrorCode, type JsonRpcErrorResponse, type JsonRpcId } from '@hexagent/core';
import { isPlainObject } from './is-plain-object.js';
import { jsonRpcError } from './json-rpc-error.js';

/** A JSON object as it came off the wire. */
export type JsonObject = Record<string, unknown>;

/** A JSON-RPC request from the CLI: it expects a response under `id`. */
export interface InboundRequest {
  readonly kind: 'request';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: JsonObject | undefined;
  /** The message as received, every key kept (it is passed on to an MCP SDK server as is). */
  readonly message: JsonObject;
}

/** A JSON-RPC notification from the CLI: nothing is answered. */
export interface InboundNotification {
  readonly kind: 'notification';
  readonly method: string;
  readonly params: JsonObject | undefined;
  /** The message as received, every key kept. */
  readonly message: JsonObject;
}

/** A message that is not valid JSON-RPC (or not a request this adapter accepts): answer it with `response`. */
export interface InvalidInbound {
  readonly kind: 'invalid';
  readonly response: JsonRpcErrorResponse;
}

/** A message with nothing to answer: a response from the CLI, or a notification with unusable params. */
export interface IgnoredInbound {
  readonly kind: 'ignored';
}

/** What {@link parseJsonRpcMessage} makes of one message from the CLI. */
export type InboundMessage = InboundRequest | InboundNotification | InvalidInbound | IgnoredInbound;

const IGNORED: IgnoredInbound = Object.freeze({ kind: 'ignored' });

/** True for a JSON-RPC id this adapter accepts: a string or a finite number. */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** The id of `message` when it has a usable one, else `null` (for an error answer that cannot name its request). */
export function requestIdOf(message: unknown): JsonRpcId | null {
  return isPlainObject(message) && isJsonRpcId(message['id']) ? message['id'] : null;
}

function invalid(id: JsonRpcId | null, code: number, message: string): InvalidInbound {
  return { kind: 'invalid', response: jsonRpcError(id, code, message) };
}

/** What is wrong with the params of a `tools/call`, or `undefined` when they name a tool (and any arguments are an object). */
function toolsCallParamsProblem(params: JsonObject | undefined): string | undefined {
  if (params === undefined) return 'tools/call needs params with the tool name';
  if (typeof params['name'] !== 'string' || params['name'] === '') return 'tools/call params.name must be a tool name';
  const args = params['arguments'];
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    return 'tools/call params.arguments must be an object';
  }
  return undefined;
}

/**
 * Reads one JSON-RPC message from the CLI and checks it, as the in-process port answers it.
 * Pure: it neither throws nor keeps anything. The checks, in order:
 * - not a JSON object: -32600 for a batch (an array), -32700 otherwise, with id `null`;
 * - `jsonrpc` not `"2.0"`: -32600;
 * - `method` not a string: ignored when it is a response (an id and `result` or `error`; the port
 *   never sends the CLI requests, so there is nothing to match), -32600 otherwise;
 * - an `id` that is neither a string nor a finite number: -32600 with id `null`;
 * - `params` present but not an object: -32602, or ignored for a notification;
 * - a `tools/call` without a tool name, or with arguments that are not an object: -32602.
 *
 * @example
 * ```ts
 * parseJsonRpcMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
 * // { kind: 'request', id: 1, method: 'tools/list', params: undefined, message: { ... } }
 * parseJsonRpcMessage('tools/list');
 * // { kind: 'invalid', response: { jsonrpc: '2.0', id: null, error: { code: -32700, ... } } }
 * ```
 */
export function parseJsonRpcMessage(value: unknown): InboundMessage {
  if (!isPlainObject(value)) {
    if (Array.isArray(value)) {
      return invalid(null, JsonRpcErrorCode.InvalidRequest, 'Invalid request: JSON-RPC batches are not supported');
    }
    return invalid(null, JsonRpcErrorCode.ParseError, 'Parse error: a JSON-RPC message must be a JSON object');
  }
  const hasId = value['id'] !== undefined;
  const id = isJsonRpcId(value['id']) ? value['id'] : null;
  if (value['jsonrpc'] !== '2.0') {
    return invalid(id, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "jsonrpc" must be "2.0"');
  }
  const method = value['method'];
  if (typeof method !== 'string') {
    if (id !== null && ('result' in value || 'error' in value)) return IGNORED;
    return invalid(id, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "method" must be a string');
  }
  if (hasId && id === null) {
    return invalid(null, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "id" must be a string or a number');
  }
  const params = value['params'];
  if (params !== undefined && !isPlainObject(params)) {
    if (id === null) return IGNORED;
    return invalid(id, JsonRpcErrorCode.InvalidParams, 'Invalid params: "params" must be an object');
  }
  if (id === null) return { kind: 'notification', method, params, message: value };
  if (method === 'tools/call') {
    const problem = toolsCallParamsProblem(params);
    if (problem !== undefined) return invalid(id, JsonRpcErrorCode.InvalidParams, `Invalid params: ${problem}`);
  }
  return { kind: 'request', id, method, params, message: value };
}
