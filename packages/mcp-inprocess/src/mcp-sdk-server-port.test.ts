import { JsonRpcErrorCode } from '@hexagent/core';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { portsClosedAfterEach } from '../test/calc-servers.js';
import { callTool, send, sleep, textOf, toolsCall } from '../test/port-harness.js';
import type { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
import { McpServerInUseError } from './mcp-server-in-use-error.js';

const { portOf } = portsClosedAfterEach();

function portFor(instance: unknown, name = 'calc'): InProcessMcpServerPort {
  return portOf(name, instance);
}

function userCalc(): McpServer {
  const server = new McpServer({ name: 'calc', version: '9.9.9' });
  server.registerTool(
    'add',
    {
      description: 'Add two numbers',
      inputSchema: { a: z.number(), b: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool('slow', { description: 'Slow', inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    await sleep(ms, extra.signal);
    return { content: [{ type: 'text', text: 'slept' }] };
  });
  return server;
}

describe('a user-supplied McpServer', () => {
  it('serves its tools through the port', async () => {
    const port = portFor(userCalc());
    const manifest = await port.manifest();
    expect(manifest.initializeResult).toMatchObject({ serverInfo: { name: 'calc', version: '9.9.9' } });
    const add = manifest.toolsListResult.tools.find((t) => t['name'] === 'add');
    expect(add).toMatchObject({
      name: 'add',
      description: 'Add two numbers',
      inputSchema: { type: 'object', required: ['a', 'b'] },
      annotations: { readOnlyHint: true },
    });
    expect(textOf(await callTool(port, 2, 'add', { a: 15, b: 27 }))).toBe('42');
    const started = performance.now();
    await Promise.all([1, 2, 3].map((n) => callTool(port, 10 + n, 'slow', { ms: 200 })));
    expect(performance.now() - started).toBeLessThan(400);
  });

  it('is disconnected, not closed, by close(), and can be connected again', async () => {
    const server = userCalc();
    const close = vi.spyOn(server, 'close');
    const onclose = vi.fn();
    server.server.onclose = onclose;
    const first = portFor(server);
    expect(textOf(await callTool(first, 1, 'add', { a: 1, b: 2 }))).toBe('3');
    expect(server.isConnected()).toBe(true);
    await first.close();
    expect(close).not.toHaveBeenCalled();
    expect(onclose).toHaveBeenCalledTimes(1);
    expect(server.isConnected()).toBe(false);

    const second = portFor(server);
    expect(textOf(await callTool(second, 1, 'add', { a: 2, b: 2 }))).toBe('4');
    await second.close();
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    expect(server.isConnected()).toBe(true);
    await client.close();
  });

  it('aborts its running handlers on close()', async () => {
    const aborted = vi.fn();
    let handlerStarted: () => void = () => {};
    const running = new Promise<void>((resolve) => (handlerStarted = resolve));
    const server = new McpServer({ name: 'calc', version: '1.0.0' });
    server.registerTool('wait', { description: 'Wait' }, async (extra) => {
      extra.signal.addEventListener('abort', aborted);
      handlerStarted();
      await sleep(5_000, extra.signal).catch(() => {});
      return { content: [] };
    });
    const port = portFor(server);
    const pending = send(port, toolsCall(1, 'wait', {}));
    await vi.waitFor(() => expect(server.isConnected()).toBe(true));
    await running;
    await port.close();
    expect(aborted).toHaveBeenCalled();
    expect(await pending).toMatchObject({ id: 1, error: { code: -32000 } });
  });

  it('gives a clear error telling how to share it when it is connected elsewhere', async () => {
    const server = userCalc();
    const owner = portFor(server);
    await owner.manifest();
    const other = portFor(server);
    const failure = other.manifest();
    await expect(failure).rejects.toBeInstanceOf(McpServerInUseError);
    await expect(failure).rejects.toThrow(/already connected to another transport/);
    await expect(failure).rejects.toThrow(/factory/);
    await expect(failure).rejects.toThrow(/createSdkMcpServer/);
    const response = await send(other, toolsCall(1, 'add', { a: 1, b: 2 }));
    expect(response).toMatchObject({ id: 1, error: { code: JsonRpcErrorCode.InternalError } });
    expect(JSON.stringify(response)).toContain('factory');
    expect(McpServerInUseError.isInstance(await failure.catch((e: unknown) => e))).toBe(true);
    // The owner is unaffected, and once it lets go the other port can connect.
    expect(textOf(await callTool(owner, 1, 'add', { a: 1, b: 2 }))).toBe('3');
    await owner.close();
    expect(textOf(await callTool(other, 2, 'add', { a: 5, b: 5 }))).toBe('10');
  });

  it('reports a server connected to some other transport as in use too', async () => {
    const server = userCalc();
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await expect(portFor(server).manifest()).rejects.toBeInstanceOf(McpServerInUseError);
    await server.close();
  });

  it('can be shared through a factory: each port gets a fresh server', async () => {
    const factory = vi.fn(userCalc);
    const a = portFor(factory);
    const b = portFor(async () => factory());
    const started = performance.now();
    const results = await Promise.all([
      callTool(a, 1, 'slow', { ms: 200 }),
      callTool(b, 1, 'slow', { ms: 200 }),
      a.manifest(),
      b.manifest(),
    ]);
    expect(performance.now() - started).toBeLessThan(400);
    expect(textOf(results[0])).toBe('slept');
    expect(textOf(results[1])).toBe('slept');
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('with no tools/list handler: no tools, as the official SDK, not a failed handshake', async () => {
    // An McpServer of @modelcontextprotocol/sdk 1.26 with no tool registered is such a server.
    const empty = new Server({ name: 'acp', version: '1.0.0' }, { capabilities: { tools: {} } });
    const port = portFor(empty, 'acp');
    const manifest = await port.manifest();
    expect(manifest.initializeResult).toMatchObject({ serverInfo: { name: 'acp' } });
    expect(manifest.toolsListResult).toEqual({ tools: [] });
    // The CLI's own tools/list gets the server's answer, as the official SDK passes it on.
    expect(await send(port, { jsonrpc: '2.0', id: 3, method: 'tools/list' })).toMatchObject({
      error: { code: JsonRpcErrorCode.MethodNotFound },
    });
  });

  it('rejects a factory that returns something else', async () => {
    const port = portFor(() => ({ not: 'a server' }));
    await expect(port.manifest()).rejects.toThrow(/factory must return an McpServer or Server/);
  });
});

describe('a user-supplied low-level Server', () => {
  function lowLevel(listTools: () => unknown): Server {
    const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, listTools as never);
    return server;
  }

  it('is served as is', async () => {
    const port = portFor(
      lowLevel(() => ({ tools: [{ name: 't', inputSchema: { type: 'object' } }] })),
      'low',
    );
    const manifest = await port.manifest();
    expect(manifest.toolsListResult.tools).toEqual([{ name: 't', inputSchema: { type: 'object' } }]);
  });

  it('-32603 when it throws unexpectedly', async () => {
    const port = portFor(
      lowLevel(() => {
        throw new Error('database down');
      }),
      'low',
    );
    expect(await send(port, { jsonrpc: '2.0', id: 4, method: 'tools/list' })).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: JsonRpcErrorCode.InternalError, message: 'database down' },
    });
    await expect(port.manifest()).rejects.toThrow(/tools\/list failed: database down/);
  });

  it('follows tools/list pages in the handshake', async () => {
    const pages: Record<string, unknown> = {
      first: { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'second' },
      second: { tools: [{ name: 'b', inputSchema: { type: 'object' } }] },
    };
    const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => pages[request.params?.cursor ?? 'first'] as never);
    const manifest = await portFor(server, 'paged').manifest();
    expect(manifest.toolsListResult).toEqual({
      tools: [
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'b', inputSchema: { type: 'object' } },
      ],
    });
  });

  it('gets answers to the requests it sends its client: ping works, others are -32601', async () => {
    const server = new McpServer({ name: 'asker', version: '1.0.0' });
    server.registerTool('ask', { description: 'Ask the client' }, async () => {
      await server.server.ping();
      try {
        await server.server.listRoots();
        return { content: [{ type: 'text', text: 'roots?' }] };
      } catch (error) {
        return { content: [{ type: 'text', text: String(error) }], isError: true };
      }
    });
    const port = portFor(server, 'asker');
    const result = await callTool(port, 1, 'ask', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('-32601');
  });
});
