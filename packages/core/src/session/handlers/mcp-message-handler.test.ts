import { describe, expect, it } from 'vitest';
import { FakeMcpServer } from '../../../test/helpers/fakes.js';
import { NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { McpServerPort } from '../../ports/mcp-server-port.js';
import type { JsonRpcResponse } from '../../types/mcp/json-rpc.js';
import { createMcpMessageHandler } from './mcp-message-handler.js';

function handlerFor(...servers: FakeMcpServer[]) {
  const signal = new AbortController().signal;
  const byName = new Map<string, McpServerPort>(servers.map((server) => [server.name, server]));
  return { signal, handle: createMcpMessageHandler(byName, signal) };
}

describe('createMcpMessageHandler', () => {
  it('hands the message to the server named by server_name, with the session signal, and answers {mcp_response}', async () => {
    const calc = new FakeMcpServer('calc');
    const notes = new FakeMcpServer('notes');
    const { signal, handle } = handlerFor(calc, notes);
    const message = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: {} } };
    const answer = await handle({ subtype: 'mcp_message', server_name: 'notes', message });
    expect(answer).toEqual({ mcp_response: { jsonrpc: '2.0', id: 3, result: { server: 'notes' } } });
    expect(notes.received).toEqual([{ message, context: { signal } }]);
    expect(calc.received).toEqual([]);
  });

  it('answers a notification (no response) with an empty result of id 0', async () => {
    const { handle } = handlerFor(new FakeMcpServer('calc'));
    const answer = await handle({
      subtype: 'mcp_message',
      server_name: 'calc',
      message: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    expect(answer).toEqual({ mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } });
  });

  it('answers an unknown server with a JSON-RPC -32601 error carrying the request id (null without one)', async () => {
    const { handle } = handlerFor(new FakeMcpServer('calc'));
    expect(
      await handle({ subtype: 'mcp_message', server_name: 'ghost', message: { jsonrpc: '2.0', id: 7, method: 'x' } }),
    ).toEqual({
      mcp_response: { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Unknown MCP server: ghost' } },
    });
    expect(await handle({ subtype: 'mcp_message' })).toEqual({
      mcp_response: { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'Unknown MCP server: undefined' } },
    });
  });

  it('answers a server removed mid-session with the official error (an error answer, not a JSON-RPC error)', () => {
    const signal = new AbortController().signal;
    const handle = createMcpMessageHandler(new Map(), signal, new Set(['calc2']));
    expect(() =>
      handle({
        subtype: 'mcp_message',
        server_name: 'calc2',
        message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      }),
    ).toThrow(new Error('SDK MCP server not found: calc2'));
  });

  it('passes a failing server on as a rejection', async () => {
    const failure = new Error('server crashed');
    const calc = new FakeMcpServer('calc', { handle: () => Promise.reject(failure) });
    const { handle } = handlerFor(calc);
    await expect(
      handle({ subtype: 'mcp_message', server_name: 'calc', message: { jsonrpc: '2.0', id: 1, method: 'x' } }),
    ).rejects.toBe(failure);
  });

  it('writes no answer to a request the CLI cancelled while it ran (as the official SDK), and answers the rest', async () => {
    const answers = new Map<unknown, (response: JsonRpcResponse) => void>();
    const port: McpServerPort = {
      specificationVersion: 'v1',
      name: 'calc',
      manifest: () => Promise.resolve(undefined),
      close: () => Promise.resolve(),
      handle: (message) => {
        if (!('id' in message)) return Promise.resolve(undefined);
        return new Promise((resolve) => answers.set(message.id, resolve));
      },
    };
    const handle = createMcpMessageHandler(new Map([['calc', port]]), new AbortController().signal);
    const call = (id: number) =>
      handle({ subtype: 'mcp_message', server_name: 'calc', message: { jsonrpc: '2.0', id, method: 'tools/call' } });
    const cancel = (requestId: number) =>
      handle({
        subtype: 'mcp_message',
        server_name: 'calc',
        message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'interrupted' } },
      });
    const cancelled = call(2);
    const kept = call(3);
    expect(await cancel(2)).toEqual({ mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } });
    expect(await cancel(9)).toEqual({ mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } }); // not in flight: nothing to drop
    answers.get(2)?.({ jsonrpc: '2.0', id: 2, error: { code: -32800, message: 'Request cancelled: interrupted' } });
    answers.get(3)?.({ jsonrpc: '2.0', id: 3, result: { content: [] } });
    expect(await cancelled).toBe(NO_CONTROL_RESPONSE);
    expect(await kept).toEqual({ mcp_response: { jsonrpc: '2.0', id: 3, result: { content: [] } } });
    // The same id used again later is answered: the cancellation was for the call that was in flight.
    const again = call(2);
    answers.get(2)?.({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    expect(await again).toEqual({ mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [] } } });
  });
});
