import { getEventListeners } from 'node:events';
import { JsonRpcErrorCode } from '@hexagent/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { portsClosedAfterEach, zodCalc } from '../test/calc-servers.js';
import capture06 from '../test/fixtures/capture-06-mcp-messages.json' with { type: 'json' };
import { callTool, deferred, errorOf, send, sleep, textOf, toolsCall } from '../test/port-harness.js';
import { createSdkMcpServer } from './create-sdk-mcp-server.js';
import { McpInProcessErrorCode } from './json-rpc-error.js';
import { tool } from './tool.js';

const { portFor, serverWith, portOf } = portsClosedAfterEach();

describe('cancellation', () => {
  function slowAdd() {
    const started = deferred();
    const aborted = deferred<unknown>();
    const config = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add slowly', { a: z.number(), b: z.number() }, async ({ a, b }, { signal }) => {
          signal.addEventListener('abort', () => aborted.resolve(signal.reason));
          started.resolve();
          await sleep(5_000, signal).catch(() => {});
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    return { config, started, aborted };
  }

  it('replays capture 06: notifications/cancelled with the CLI id aborts the handler', async () => {
    const { config, started, aborted } = slowAdd();
    const port = portFor(config);
    await port.manifest(); // ids 1 and 2 are taken by the port's own requests: the CLI's 2 must not hit them
    const [call, cancel, answer] = capture06;
    const pending = send(port, call?.message);
    await started.promise;
    expect(await send(port, cancel?.message)).toBeUndefined();
    expect(answer?.mcp_response).toEqual({ jsonrpc: '2.0', result: {}, id: 0 }); // what the session sends back
    expect(await aborted.promise).toBe('AbortError: remote-cancel');
    const response = await pending;
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: McpInProcessErrorCode.RequestCancelled, message: 'Request cancelled: AbortError: remote-cancel' },
    });
  });

  it('aborts only the call the CLI names, even when its id equals the id another call has inside', async () => {
    const signals = new Map<string, AbortSignal>();
    const port = serverWith(
      tool('wait', 'Wait', { tag: z.string(), ms: z.number() }, async ({ tag, ms }, { signal }) => {
        signals.set(tag, signal);
        await sleep(ms, signal).catch(() => {});
        return { content: [{ type: 'text', text: tag }] };
      }),
    );
    const first = send(port, toolsCall('x', 'wait', { tag: 'x', ms: 150 })); // the server sees id 1
    const second = send(port, toolsCall(1, 'wait', { tag: 'one', ms: 5_000 })); // the server sees id 2
    await vi.waitFor(() => expect(signals.size).toBe(2));
    await send(port, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(signals.get('one')?.aborted).toBe(true);
    expect(signals.get('x')?.aborted).toBe(false);
    expect(errorOf(await second).code).toBe(McpInProcessErrorCode.RequestCancelled);
    expect(await first).toEqual({ jsonrpc: '2.0', id: 'x', result: { content: [{ type: 'text', text: 'x' }] } });
  });

  it('honours a cancellation that arrives while the server is still connecting', async () => {
    const handler = vi.fn(async () => ({ content: [] }));
    const port = serverWith(tool('noop', 'Noop', {}, handler));
    const pending = send(port, toolsCall(3, 'noop', {}));
    await send(port, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'early' } });
    expect(await pending).toMatchObject({ id: 3, error: { code: McpInProcessErrorCode.RequestCancelled } });
    expect(await callTool(port, 4, 'noop', {})).toEqual({ content: [] });
    expect(handler).toHaveBeenCalledTimes(1); // only for the second call
  });

  it('drops a cancellation for an id that is not in flight', async () => {
    const port = serverWith(tool('echo', 'Echo', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] })));
    await callTool(port, 7, 'echo', {});
    expect(await send(port, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })).toBe(
      undefined,
    );
    expect(await send(port, { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toBe(undefined);
    expect(textOf(await callTool(port, 8, 'echo', {}))).toBe('ok');
  });

  it('answers -32800 and cancels the handler when context.signal aborts', async () => {
    const { config, started, aborted } = slowAdd();
    const port = portFor(config);
    const controller = new AbortController();
    const pending = send(port, toolsCall(5, 'add', { a: 1, b: 2 }), controller.signal);
    await started.promise;
    controller.abort(new Error('session ended'));
    const response = await pending;
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: McpInProcessErrorCode.RequestCancelled, message: 'Request cancelled: session ended' },
    });
    expect(await aborted.promise).toBe('session ended');
  });

  it('shares one listener among the calls of one signal, and aborting it cancels them all', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const aborted = vi.fn();
      let started = 0;
      const port = serverWith(
        tool('wait', 'Wait', { n: z.number() }, async (_args, { signal }) => {
          started++;
          signal.addEventListener('abort', aborted);
          await sleep(5_000, signal).catch(() => {});
          return { content: [] };
        }),
      );
      const controller = new AbortController();
      const calls = Array.from({ length: 25 }, (_, n) => send(port, toolsCall(n, 'wait', { n }), controller.signal));
      await vi.waitFor(() => expect(started).toBe(25));
      controller.abort('user stop');
      const responses = await Promise.all(calls);
      expect(responses.map((r) => errorOf(r).code)).toEqual(Array(25).fill(McpInProcessErrorCode.RequestCancelled));
      await vi.waitFor(() => expect(aborted).toHaveBeenCalledTimes(25));
      // A warning is emitted on the next tick: past one macrotask, any there was has been seen.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('does not run the handler when context.signal is aborted already', async () => {
    const handler = vi.fn(async () => ({ content: [] }));
    const port = serverWith(tool('noop', 'Noop', {}, handler));
    const response = await send(port, toolsCall(1, 'noop', {}), AbortSignal.abort());
    expect(errorOf(response).code).toBe(McpInProcessErrorCode.RequestCancelled);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('JSON-RPC errors', () => {
  it.each([
    ['a string', 'tools/list'],
    ['null', null],
    ['a number', 42],
  ])('-32700 for a message that is %s', async (_, message) => {
    const port = portFor(zodCalc());
    expect(await send(port, message)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: JsonRpcErrorCode.ParseError, message: expect.stringContaining('Parse error') },
    });
  });

  it.each([
    ['no jsonrpc', { id: 1, method: 'tools/list' }, 1],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 2, method: 'tools/list' }, 2],
    ['a method that is not a string', { jsonrpc: '2.0', id: 3, method: 42 }, 3],
    ['no method', { jsonrpc: '2.0', id: 4 }, 4],
    ['an id that is an object', { jsonrpc: '2.0', id: { n: 1 }, method: 'tools/list' }, null],
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], null],
  ])('-32600 for %s', async (_, message, id) => {
    const port = portFor(zodCalc());
    const response = await send(port, message);
    expect(response).toMatchObject({ jsonrpc: '2.0', id, error: { code: JsonRpcErrorCode.InvalidRequest } });
  });

  it.each(['resources/read', 'prompts/list', 'no/such/method'])(
    '-32601 for %s on a tools-only server',
    async (method) => {
      const port = portFor(zodCalc());
      const response = await send(port, { jsonrpc: '2.0', id: 9, method, params: { uri: 'file:///x' } });
      expect(response).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: JsonRpcErrorCode.MethodNotFound, message: 'Method not found' },
      });
    },
  );

  it.each([
    ['no params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
    ['no name', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } }],
    ['a name that is not a string', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 3 } }],
    [
      'arguments that are an array',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: [1] } },
    ],
    ['params that are an array', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }],
  ])('-32602 for a request with %s', async (_, message) => {
    const add = vi.fn();
    const port = portFor(zodCalc({ add }));
    const error = errorOf(await send(port, message));
    expect(error.code).toBe(JsonRpcErrorCode.InvalidParams);
    expect(error.message).toMatch(/^Invalid params: /);
    expect(add).not.toHaveBeenCalled();
  });

  it('-32602 Unknown tool for a tool the server does not have', async () => {
    const port = portFor(zodCalc());
    expect(await send(port, toolsCall(3, 'multiply', { a: 1, b: 2 }))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: JsonRpcErrorCode.InvalidParams, message: 'Unknown tool: multiply' },
    });
  });

  it('-32603 when the server cannot be started', async () => {
    const port = portOf('broken', () => {
      throw new Error('factory exploded');
    });
    const error = errorOf(await send(port, toolsCall(1, 'add', {})));
    expect(error.code).toBe(JsonRpcErrorCode.InternalError);
    expect(error.message).toContain('factory exploded');
  });

  it('treats a response from the CLI as nothing to answer', async () => {
    const port = portFor(zodCalc());
    expect(await send(port, { jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(await send(port, { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } })).toBeUndefined();
  });
});

describe('close()', () => {
  it('takes its listener off the signals it watched: eleven ports on one session signal leave none', async () => {
    const session = new AbortController().signal;
    const ports = Array.from({ length: 11 }, () => portFor(zodCalc()));
    for (const [index, port] of ports.entries()) await callTool(port, index, 'add', { a: 1, b: 2 }, session);
    expect(getEventListeners(session, 'abort')).toHaveLength(1);
    await Promise.all(ports.map((port) => port.close()));
    expect(getEventListeners(session, 'abort')).toHaveLength(0);
  });

  it('answers calls in flight with -32000, aborts their handlers, and is idempotent', async () => {
    const aborted = deferred();
    const started = deferred();
    const port = serverWith(
      tool('wait', 'Wait', {}, async (_args, { signal }) => {
        signal.addEventListener('abort', () => aborted.resolve());
        started.resolve();
        await sleep(5_000, signal).catch(() => {});
        return { content: [] };
      }),
    );
    const pending = send(port, toolsCall(1, 'wait', {}));
    await started.promise;
    const first = port.close();
    const second = port.close();
    expect(second).toBe(first);
    await first;
    await aborted.promise;
    expect(await pending).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: McpInProcessErrorCode.ConnectionClosed, message: 'MCP server "calc" was closed' },
    });
    expect(errorOf(await send(port, toolsCall(2, 'wait', {}))).code).toBe(McpInProcessErrorCode.ConnectionClosed);
    expect(await send(port, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
  });

  it('works on a port that never connected', async () => {
    const port = portFor(zodCalc());
    await port.close();
    await port.close();
    await expect(port.manifest()).rejects.toThrow(/closed/);
  });

  it('never rejects handle, whatever happens', async () => {
    const port = portFor(zodCalc());
    const results = await Promise.allSettled([
      send(port, toolsCall(1, 'add', { a: 1, b: 2 })),
      port.close(),
      send(port, toolsCall(2, 'add', { a: 1, b: 2 })),
      send(port, undefined),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
  });
});
