import type { JsonRpcErrorResponse, JsonRpcId, JsonRpcMessage, JsonRpcResponse, McpServerPort } from '@hexagent/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

/** A signal that never aborts. */
export const noSignal: AbortSignal = new AbortController().signal;

/** Sends `message` through `port.handle` with a signal that never aborts (unless one is given). */
export function send(
  port: McpServerPort,
  message: unknown,
  signal: AbortSignal = noSignal,
): Promise<JsonRpcResponse | undefined> {
  return port.handle(message as JsonRpcMessage, { signal });
}

/** A `tools/call` as the CLI sends it (capture 01). */
export function toolsCall(
  id: JsonRpcId,
  name: string,
  args: Record<string, unknown>,
  toolUseId = `toolu_${String(id)}`,
): Record<string, unknown> {
  return {
    method: 'tools/call',
    params: { name, arguments: args, _meta: { 'claudecode/toolUseId': toolUseId, progressToken: id } },
    jsonrpc: '2.0',
    id,
  };
}

/** Calls a tool through the port and returns its `CallToolResult`, failing on a JSON-RPC error. */
export async function callTool(
  port: McpServerPort,
  id: JsonRpcId,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal = noSignal,
): Promise<CallToolResult> {
  const response = await send(port, toolsCall(id, name, args), signal);
  expect(response).toBeDefined();
  if (response === undefined || 'error' in response)
    throw new Error(`expected a result, got ${JSON.stringify(response)}`);
  expect(response.id).toBe(id);
  return response.result as CallToolResult;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  if (block?.type !== 'text') throw new Error(`expected a text block, got ${JSON.stringify(block)}`);
  return block.text;
}

/** Resolves after `ms` milliseconds, or rejects when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A promise with its resolver exposed. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The error of a JSON-RPC error response, failing on anything else. */
export function errorOf(response: JsonRpcResponse | undefined): JsonRpcErrorResponse['error'] {
  if (response === undefined || !('error' in response)) {
    throw new Error(`expected an error response, got ${JSON.stringify(response)}`);
  }
  return response.error;
}
