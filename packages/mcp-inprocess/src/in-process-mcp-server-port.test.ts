import { JsonRpcErrorCode, type JsonRpcErrorResponse, type JsonRpcResponse } from '@hexagent/core';
import { type CallToolResult, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import * as z3 from 'zod/v3';
import capture01Manifest from '../test/fixtures/capture-01-calc-manifest.json' with { type: 'json' };
import capture01 from '../test/fixtures/capture-01-mcp-messages.json' with { type: 'json' };
import capture02 from '../test/fixtures/capture-02-mcp-messages.json' with { type: 'json' };
import capture06 from '../test/fixtures/capture-06-mcp-messages.json' with { type: 'json' };
import capture09 from '../test/fixtures/capture-09-mcp-messages.json' with { type: 'json' };
import { callTool, deferred, send, sleep, textOf, toolsCall } from '../test/port-harness.js';
import { buildSdkServer } from './build-sdk-server.js';
import { loadToolCompilers } from './compile-tool.js';
import { createInProcessMcpServer } from './create-in-process-mcp-server.js';
import { createSdkMcpServer, type SdkMcpServerConfig } from './create-sdk-mcp-server.js';
import { InFlightTable } from './in-flight-table.js';
import { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
import { McpInProcessErrorCode } from './json-rpc-error.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';
import { tool } from './tool.js';
import { MANIFEST_PROTOCOL_VERSION } from './tools-runtime.js';

const ports: InProcessMcpServerPort[] = [];

function portFor(config: SdkMcpServerConfig): InProcessMcpServerPort {
  const port = createInProcessMcpServer(config.name, config) as InProcessMcpServerPort;
  ports.push(port);
  return port;
}

function serverWith(...tools: SdkMcpToolDefinition[]): InProcessMcpServerPort {
  return portFor(createSdkMcpServer({ name: 'calc', tools }));
}

afterEach(async () => {
  await Promise.all(ports.splice(0).map((port) => port.close()));
});

function errorOf(response: JsonRpcResponse | undefined): JsonRpcErrorResponse['error'] {
  if (response === undefined || !('error' in response)) {
    throw new Error(`expected an error response, got ${JSON.stringify(response)}`);
  }
  return response.error;
}

/** The calculator of captures 01 and 02, with zod shapes. */
function zodCalc(handlers: { add?: () => void } = {}) {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
        handlers.add?.();
        return { content: [{ type: 'text', text: String(a + b) }] };
      }),
      tool('boom', 'Always fails', { x: z.number() }, async () => {
        throw new Error('kaboom');
      }),
    ],
  });
}

/** The same calculator with JSON Schema input schemas. */
function jsonCalc(handlers: { add?: () => void } = {}) {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool(
        'add',
        'Add two numbers',
        { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        async (args) => {
          handlers.add?.();
          return { content: [{ type: 'text', text: String(Number(args['a']) + Number(args['b'])) }] };
        },
      ),
      tool(
        'boom',
        'Always fails',
        { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        async () => {
          throw new Error('kaboom');
        },
      ),
    ],
  });
}

describe('manifest()', () => {
  it('is built without a handshake exactly as the MCP SDK Server answers one, for every kind of tool', async () => {
    expect(MANIFEST_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
    const config = createSdkMcpServer({
      name: 'kinds',
      version: '3.1.4',
      instructions: 'Every kind of tool.',
      tools: [
        tool(
          'add',
          'Add',
          { a: z.number().describe('first'), b: z.number().optional() },
          async () => ({ content: [] }),
          {
            annotations: { readOnlyHint: true, title: 'Add' },
          },
        ),
        tool('mini', 'Mini', { s: zm.string() }, async () => ({ content: [] })),
        tool('v3', 'Zod 3', { n: z3.number().default(2) }, async () => ({ content: [] })),
        tool(
          'json',
          'JSON Schema',
          { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          async () => ({ content: [] }),
        ),
        tool('none', 'No arguments', {}, async () => ({ content: [] })),
      ],
    });
    const direct = await portFor(config).manifest();
    const viaSdk = new InProcessMcpServerPort('kinds', async () =>
      buildSdkServer(config.instance, await loadToolCompilers(config.instance.tools)),
    );
    ports.push(viaSdk);
    expect(direct).toEqual(await viaSdk.manifest());
    expect(JSON.stringify(direct)).toBe(JSON.stringify(await viaSdk.manifest()));
  });

  it('matches the manifest of capture 01 for zod tools, field by field', async () => {
    const manifest = await portFor(zodCalc()).manifest();
    expect(manifest).toEqual(capture01Manifest);
    const add = manifest.toolsListResult.tools[0] as Record<string, Record<string, unknown>>;
    expect(add['inputSchema']?.['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(add['inputSchema']?.['type']).toBe('object');
    expect(add['inputSchema']?.['properties']).toEqual({ a: { type: 'number' }, b: { type: 'number' } });
    expect(add['inputSchema']?.['required']).toEqual(['a', 'b']);
    expect(add).not.toHaveProperty('annotations');
  });

  it('matches the manifest of capture 01 for JSON Schema tools', async () => {
    const manifest = await portFor(jsonCalc()).manifest();
    expect(manifest).toEqual(capture01Manifest);
    const schema = (manifest.toolsListResult.tools[0] as { inputSchema: Record<string, unknown> }).inputSchema;
    expect(Object.keys(schema).slice(0, 2)).toEqual(['$schema', 'type']);
  });

  it('sends annotations when given, readOnlyHint included', async () => {
    const annotations = {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
      title: 'Add',
    };
    const port = serverWith(
      tool('add', 'Add', { a: z.number() }, async () => ({ content: [] }), { annotations }),
      tool('echo', 'Echo', { type: 'object', properties: {} }, async () => ({ content: [] }), {
        annotations: { readOnlyHint: true },
      }),
    );
    const { tools } = (await port.manifest()).toolsListResult;
    expect(tools[0]?.['annotations']).toEqual(annotations);
    expect(tools[1]?.['annotations']).toEqual({ readOnlyHint: true });
  });

  it('reports version, instructions and zod details (descriptions, optional fields, defaults)', async () => {
    const port = portFor(
      createSdkMcpServer({
        name: 'notes',
        version: '2.3.4',
        instructions: 'Use notes for notes.',
        tools: [
          tool(
            'find',
            'Find notes',
            { query: z.string().describe('what to look for'), limit: z.number().int().optional() },
            async () => ({ content: [] }),
          ),
        ],
      }),
    );
    const manifest = await port.manifest();
    expect(manifest.initializeResult).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'notes', version: '2.3.4' },
      instructions: 'Use notes for notes.',
    });
    const schema = manifest.toolsListResult.tools[0]?.['inputSchema'] as Record<string, unknown>;
    expect(schema['required']).toEqual(['query']);
    expect(schema['properties']).toMatchObject({ query: { type: 'string', description: 'what to look for' } });
  });

  it('converts zod v3 shapes too', async () => {
    const port = serverWith(
      tool('add', 'Add', { a: z3.z.number(), b: z3.z.number() }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      })),
    );
    const schema = (await port.manifest()).toolsListResult.tools[0]?.['inputSchema'] as Record<string, unknown>;
    expect(schema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(textOf(await callTool(port, 1, 'add', { a: 1, b: 2 }))).toBe('3');
    const bad = await callTool(port, 2, 'add', { a: 'one', b: 2 });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe('Invalid arguments for tool "add": a: expected number, got string');
  });

  it('converts and validates zod mini shapes too', async () => {
    const port = serverWith(
      tool('add', 'Add', { a: zm.number(), b: zm.optional(zm.number()) }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + (b ?? 0)) }],
      })),
    );
    const schema = (await port.manifest()).toolsListResult.tools[0]?.['inputSchema'];
    expect(schema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a'],
    });
    expect(textOf(await callTool(port, 1, 'add', { a: 2 }))).toBe('2');
    expect(textOf(await callTool(port, 2, 'add', { a: true }))).toBe(
      'Invalid arguments for tool "add": a: expected number, got boolean',
    );
  });

  it('gives a tool without arguments an object schema', async () => {
    const port = serverWith(tool('ping', 'Ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] })));
    const schema = (await port.manifest()).toolsListResult.tools[0]?.['inputSchema'];
    expect(schema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' });
    expect(textOf(await callTool(port, 1, 'ping', {}))).toBe('pong');
  });

  it('is computed once', async () => {
    const port = portFor(zodCalc());
    const [first, second] = await Promise.all([port.manifest(), port.manifest()]);
    expect(second).toBe(first);
    expect(await port.manifest()).toBe(first);
  });
});

describe('tools/call', () => {
  it('answers capture 01 exactly', async () => {
    const port = portFor(zodCalc());
    await port.manifest();
    const request = capture01.find((m) => 'message' in m)?.message;
    const expected = capture01.find((m) => 'mcp_response' in m)?.mcp_response;
    expect(await send(port, request)).toEqual(expected);
  });

  it('answers capture 02 (a handler that throws) exactly', async () => {
    const port = portFor(jsonCalc());
    const request = capture02.find((m) => 'message' in m)?.message;
    const expected = capture02.find((m) => 'mcp_response' in m)?.mcp_response;
    expect(await send(port, request)).toEqual(expected);
  });

  it('works without a handshake first, and passes toolUseId, _meta and the signal to the handler', async () => {
    const seen = vi.fn();
    const port = serverWith(
      tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }, extra) => {
        seen(extra);
        return { content: [{ type: 'text', text: String(a + b) }] };
      }),
    );
    expect(textOf(await callTool(port, 'req-1', 'add', { a: 15, b: 27 }))).toBe('42');
    const extra = seen.mock.calls[0]?.[0];
    expect(extra.toolUseId).toBe('toolu_req-1');
    expect(extra._meta).toEqual({ 'claudecode/toolUseId': 'toolu_req-1', progressToken: 'req-1' });
    expect(extra.signal).toBeInstanceOf(AbortSignal);
    expect(extra.signal.aborted).toBe(false);
    expect(typeof extra.requestId).toBe('number');
  });

  it('passes zod-parsed arguments (defaults applied, unknown keys stripped) to the handler', async () => {
    const handler = vi.fn(async (_args: unknown) => ({ content: [] }));
    const port = serverWith(
      tool('greet', 'Greet', { name: z.string(), greeting: z.string().default('Hello') }, handler),
    );
    await callTool(port, 1, 'greet', { name: 'Ada', extra: true });
    expect(handler.mock.calls[0]?.[0]).toEqual({ name: 'Ada', greeting: 'Hello' });
  });

  it('returns results with extra fields and non-text blocks untouched', async () => {
    const result = {
      content: [
        { type: 'text' as const, text: 'x' },
        { type: 'image' as const, data: 'aGk=', mimeType: 'image/png' },
      ],
      structuredContent: { value: 1 },
    };
    const port = serverWith(tool('pic', 'Pic', {}, async () => result));
    expect(await callTool(port, 1, 'pic', {})).toEqual(result);
  });

  it('delivers a 2,000,000-character result whole', async () => {
    const big = 'x'.repeat(2_000_000);
    const port = serverWith(tool('big', 'Big', {}, async () => ({ content: [{ type: 'text', text: big }] })));
    expect(textOf(await callTool(port, 1, 'big', {})).length).toBe(2_000_000);
  });

  it('answers 200 concurrent calls that finish in scrambled order, each with its own result, and keeps none after', async () => {
    const gates = new Map<number, { resolve: () => void }>();
    const port = serverWith(
      tool(
        'wait',
        'Wait',
        { n: z.number() },
        async ({ n }) => {
          const gate = deferred();
          gates.set(n, gate);
          await gate.promise;
          return { content: [{ type: 'text', text: `done ${n}` }] };
        },
        { annotations: { readOnlyHint: true } },
      ),
    );
    await port.manifest();
    const ids = Array.from({ length: 200 }, (_, index) => index + 1);
    const calls = ids.map((n) => callTool(port, n, 'wait', { n }));
    await vi.waitFor(() => expect(gates.size).toBe(200));
    // Newest first, then every third, then the rest: entries leave from the end, the middle and the front.
    const order = [...ids.filter((n) => n > 150).reverse(), ...ids.filter((n) => n <= 150 && n % 3 === 0), ...ids];
    for (const n of new Set(order)) gates.get(n)?.resolve();
    expect((await Promise.all(calls)).map(textOf)).toEqual(ids.map((n) => `done ${n}`));
    // Requests in flight are kept in an InFlightTable, not a Map: under churn a Map's replaced tables
    // keep every call's objects alive through young-generation GCs (see InFlightTable).
    const pending = (port as unknown as { pending: unknown }).pending;
    expect(pending).toBeInstanceOf(InFlightTable);
    expect((pending as InFlightTable<unknown>).size).toBe(0);
  });
  it('runs concurrent calls concurrently: three 300 ms handlers finish in well under 600 ms', async () => {
    let running = 0;
    let most = 0;
    const port = serverWith(
      tool(
        'slow',
        'Slow',
        { n: z.number() },
        async ({ n }, { signal }) => {
          running++;
          most = Math.max(most, running);
          await sleep(300, signal);
          running--;
          return { content: [{ type: 'text', text: `done ${n}` }] };
        },
        { annotations: { readOnlyHint: true } },
      ),
    );
    await port.manifest();
    const started = performance.now();
    const results = await Promise.all([1, 2, 3].map((n) => callTool(port, n, 'slow', { n })));
    const elapsed = performance.now() - started;
    expect(results.map(textOf)).toEqual(['done 1', 'done 2', 'done 3']);
    expect(most).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(600);
  });

  it('matches answers to callers whatever the order and whatever ids the CLI uses', async () => {
    const port = serverWith(
      tool('wait', 'Wait', { ms: z.number(), tag: z.string() }, async ({ ms, tag }) => {
        await sleep(ms);
        return { content: [{ type: 'text', text: tag }] };
      }),
    );
    await port.manifest(); // the port's own handshake used ids of its own
    const calls = [
      { id: 1, ms: 60, tag: 'one' },
      { id: 2, ms: 10, tag: 'two' },
      { id: '1', ms: 30, tag: 'string one' },
      { id: 0, ms: 0, tag: 'zero' },
    ];
    const responses = await Promise.all(
      calls.map((c) => send(port, toolsCall(c.id, 'wait', { ms: c.ms, tag: c.tag }))),
    );
    responses.forEach((response, index) => {
      expect(response).toEqual({
        jsonrpc: '2.0',
        id: calls[index]?.id,
        result: { content: [{ type: 'text', text: calls[index]?.tag }] },
      });
    });
  });
});

describe('argument validation', () => {
  for (const [kind, make] of [
    ['zod', zodCalc],
    ['JSON Schema', jsonCalc],
  ] as const) {
    it(`rejects bad arguments before the ${kind} handler runs, naming the field`, async () => {
      const add = vi.fn();
      const port = portFor(make({ add }));
      const wrongType = await callTool(port, 1, 'add', { a: 'one', b: 2 });
      expect(wrongType).toEqual({
        content: [{ type: 'text', text: 'Invalid arguments for tool "add": a: expected number, got string' }],
        isError: true,
      });
      const missing = await callTool(port, 2, 'add', { a: 1 });
      expect(textOf(missing)).toBe('Invalid arguments for tool "add": b: is required');
      const both = await callTool(port, 3, 'add', { a: null });
      expect(textOf(both)).toBe('Invalid arguments for tool "add": a: expected number, got null; b: is required');
      const none = await send(port, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'add' } });
      expect(textOf((none as unknown as { result: CallToolResult }).result)).toBe(
        'Invalid arguments for tool "add": a: is required; b: is required',
      );
      expect(add).not.toHaveBeenCalled();
      expect(textOf(await callTool(port, 5, 'add', { a: 1, b: 2 }))).toBe('3');
      expect(add).toHaveBeenCalledTimes(1);
    });
  }

  it('names nested fields and other JSON Schema problems', async () => {
    const handler = vi.fn(async () => ({ content: [] }));
    const port = serverWith(
      tool(
        'order',
        'Order',
        {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
            },
            size: { enum: ['s', 'm'] },
            count: { type: 'integer', minimum: 1 },
          },
          required: ['items'],
          additionalProperties: false,
        },
        handler,
      ),
    );
    const result = await callTool(port, 1, 'order', {
      items: [{ sku: 'a' }, { sku: 5 }, {}],
      size: 'xl',
      count: 0,
      x: 1,
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('items[1].sku: expected string, got number');
    expect(text).toContain('items[2].sku: is required');
    expect(text).toContain('size: must be one of ["s","m"]');
    expect(text).toContain('count: must be >= 1');
    expect(text).toContain('x: is not an allowed property');
    expect(handler).not.toHaveBeenCalled();
  });

  it('names nested fields for zod', async () => {
    const handler = vi.fn(async () => ({ content: [] }));
    const port = serverWith(
      tool('order', 'Order', { items: z.array(z.object({ sku: z.string() })), count: z.number().min(1) }, handler),
    );
    const text = textOf(await callTool(port, 1, 'order', { items: [{ sku: 1 }], count: 0 }));
    expect(text).toContain('items[0].sku: expected string, got number');
    expect(text).toMatch(/count: .*1/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('compiles a JSON Schema once per tool, not per call nor per session', async () => {
    const { Ajv } = await import('ajv');
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    try {
      const config = jsonCalc();
      const first = portFor(config);
      const second = portFor(config);
      for (let id = 1; id <= 3; id++) await callTool(first, id, 'add', { a: id, b: 1 });
      for (let id = 1; id <= 3; id++) await callTool(second, id, 'add', { a: id, b: 1 });
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });

  it('reports a JSON Schema that ajv cannot compile as an isError result', async () => {
    const port = serverWith(
      tool('odd', 'Odd', { type: 'object', properties: { a: { type: 'no-such-type' } } }, async () => ({
        content: [],
      })),
    );
    const result = await callTool(port, 1, 'odd', { a: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool "odd" has an inputSchema that is not valid JSON Schema');
  });
});

describe('handler failures', () => {
  it.each([
    ['an Error', new Error('disk full'), 'disk full'],
    ['a string', 'plain string failure', 'plain string failure'],
    ['an object', { reason: 'quota' }, '{"reason":"quota"}'],
    ['an Error without message', new TypeError(''), 'TypeError'],
  ])('turns a throw of %s into an isError result', async (_, thrown, text) => {
    const port = serverWith(
      tool('fail', 'Fail', {}, async () => {
        throw thrown;
      }),
    );
    expect(await callTool(port, 1, 'fail', {})).toEqual({ content: [{ type: 'text', text }], isError: true });
  });

  it('turns a synchronous throw into an isError result', async () => {
    const port = serverWith(
      tool('fail', 'Fail', {}, () => {
        throw new Error('sync');
      }),
    );
    expect(await callTool(port, 1, 'fail', {})).toEqual({ content: [{ type: 'text', text: 'sync' }], isError: true });
  });

  it.each([
    ['a number', 42, 'expected an object'],
    ['undefined', undefined, 'expected an object'],
    ['content that is not an array', { content: 'hi' }, 'content must be an array'],
    ['no content', { isError: false }, 'content must be an array'],
    ['a text block without text', { content: [{ type: 'text' }] }, 'content[0] is a text block'],
    ['a block without type', { content: [{ text: 'x' }] }, 'content[0] must be a content block'],
    ['a non-boolean isError', { content: [], isError: 'yes' }, 'isError must be a boolean'],
  ])('turns a return of %s into an isError result', async (_, returned, text) => {
    const port = serverWith(tool('bad', 'Bad', {}, async () => returned as never));
    const result = await callTool(port, 1, 'bad', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool "bad" returned an invalid result');
    expect(textOf(result)).toContain(text);
  });

  it('passes an isError result of the handler through', async () => {
    const result = { content: [{ type: 'text' as const, text: 'Division by zero' }], isError: true };
    const port = serverWith(tool('div', 'Div', {}, async () => result));
    expect(await callTool(port, 1, 'div', {})).toEqual(result);
  });

  it('lets progress notifications go (they are dropped) without failing the call', async () => {
    const port = serverWith(
      tool('work', 'Work', {}, async (_args, extra) => {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
        return { content: [{ type: 'text', text: 'ok' }] };
      }),
    );
    expect(textOf(await callTool(port, 1, 'work', {}))).toBe('ok');
  });
});

describe('timeouts', () => {
  it('aborts the handler and answers isError when timeoutMs elapses', async () => {
    let handlerSignal: AbortSignal | undefined;
    const port = serverWith(
      tool(
        'slow',
        'Slow',
        {},
        async (_args, { signal }) => {
          handlerSignal = signal;
          await sleep(5_000, signal);
          return { content: [{ type: 'text', text: 'late' }] };
        },
        { timeoutMs: 50 },
      ),
    );
    const started = performance.now();
    const result = await callTool(port, 1, 'slow', {});
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result).toEqual({ content: [{ type: 'text', text: 'Tool "slow" timed out after 50 ms' }], isError: true });
    expect(handlerSignal?.aborted).toBe(true);
  });

  it('ends the call at the timeout even when the handler ignores its signal', async () => {
    const port = serverWith(tool('stuck', 'Stuck', {}, () => new Promise(() => {}), { timeoutMs: 30 }));
    const result = await callTool(port, 1, 'stuck', {});
    expect(textOf(result)).toBe('Tool "stuck" timed out after 30 ms');
  });

  it('leaves handlers that finish in time alone, and has no short limit by default', async () => {
    const port = serverWith(
      tool('quick', 'Quick', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] }), { timeoutMs: 1_000 }),
      tool('long', 'Long', {}, async (_args, { signal }) => {
        await sleep(400, signal);
        return { content: [{ type: 'text', text: 'finished' }] };
      }),
    );
    expect(textOf(await callTool(port, 1, 'quick', {}))).toBe('ok');
    expect(textOf(await callTool(port, 2, 'long', {}))).toBe('finished');
  });
});

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
      await sleep(10);
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
    const port = new InProcessMcpServerPort('broken', () => {
      throw new Error('factory exploded');
    });
    ports.push(port);
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

describe('the handshake without manifests (capture 09)', () => {
  it('serves initialize, notifications/initialized, tools/list and tools/call from the CLI', async () => {
    const port = portFor(zodCalc());
    const requests = capture09.filter((m) => 'message' in m).map((m) => m.message);
    const [initialize, initialized, list, call] = requests;
    const init = await send(port, initialize);
    expect(init).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'calc', version: '1.0.0' },
      },
    });
    expect(await send(port, initialized)).toBeUndefined();
    const tools = await send(port, list);
    expect(tools).toEqual({ jsonrpc: '2.0', id: 1, result: capture01Manifest.toolsListResult });
    expect(await send(port, call)).toEqual(capture09.at(-1)?.mcp_response);
  });

  it('answers a second initialize after the port ran its own handshake', async () => {
    const port = portFor(zodCalc());
    const manifest = await port.manifest();
    const initialize = capture09.find((m) => 'message' in m)?.message;
    const first = await send(port, initialize);
    const second = await send(port, { ...initialize, id: 'again' });
    expect(first).toEqual({ jsonrpc: '2.0', id: 0, result: manifest.initializeResult });
    expect(second).toEqual({ jsonrpc: '2.0', id: 'again', result: manifest.initializeResult });
    expect(textOf(await callTool(port, 2, 'add', { a: 15, b: 27 }))).toBe('42');
  });
});

describe('sessions', () => {
  it('runs two ports of one config independently and concurrently', async () => {
    const sessions = new Set<unknown>();
    const config = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('slow', 'Slow', { tag: z.string() }, async ({ tag }, extra) => {
          sessions.add(extra.signal);
          await sleep(300, extra.signal);
          return { content: [{ type: 'text', text: tag }] };
        }),
      ],
    });
    const a = portFor(config);
    const b = portFor(config);
    expect(await a.manifest()).toEqual(await b.manifest());
    const started = performance.now();
    const [ra, rb] = await Promise.all([callTool(a, 1, 'slow', { tag: 'a' }), callTool(b, 1, 'slow', { tag: 'b' })]);
    expect(performance.now() - started).toBeLessThan(600);
    expect([textOf(ra), textOf(rb)]).toEqual(['a', 'b']);

    // Closing one session leaves the other running.
    const inB = callTool(b, 2, 'slow', { tag: 'b2' });
    const inA = send(a, toolsCall(2, 'slow', { tag: 'a2' }));
    await sleep(20);
    await a.close();
    expect(errorOf(await inA).code).toBe(McpInProcessErrorCode.ConnectionClosed);
    expect(textOf(await inB)).toBe('b2');
  });
});

describe('close()', () => {
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

describe('the port object', () => {
  it('has the name it was created with and rejects instances it cannot serve', () => {
    const port = createInProcessMcpServer('calc', zodCalc());
    expect(port.name).toBe('calc');
    expect(() => createInProcessMcpServer('calc', { type: 'sdk', name: 'calc', instance: { tools: [] } })).toThrow(
      /mcpServers\.calc\.instance/,
    );
    expect(() => createInProcessMcpServer('calc', { type: 'sdk', name: 'calc', instance: undefined })).toThrow(
      /createSdkMcpServer/,
    );
  });
});
