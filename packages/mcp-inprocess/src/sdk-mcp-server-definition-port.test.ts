import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import * as z3 from 'zod/v3';
import { jsonCalc, portsClosedAfterEach, zodCalc } from '../test/calc-servers.js';
import capture01Manifest from '../test/fixtures/capture-01-calc-manifest.json' with { type: 'json' };
import capture09 from '../test/fixtures/capture-09-mcp-messages.json' with { type: 'json' };
import { callTool, errorOf, send, sleep, textOf, toolsCall } from '../test/port-harness.js';
import { buildSdkServer } from './build-sdk-server.js';
import { loadToolCompilers } from './compile-tool.js';
import { createSdkMcpServer } from './create-sdk-mcp-server.js';
import { McpInProcessErrorCode } from './json-rpc-error.js';
import { tool } from './tool.js';
import { MANIFEST_PROTOCOL_VERSION } from './tools-runtime.js';

const { portFor, serverWith, portOf } = portsClosedAfterEach();

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
    const viaSdk = portOf('kinds', async () =>
      buildSdkServer(config.instance, await loadToolCompilers(config.instance.tools)),
    );
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
    // Both handlers are running when session a closes.
    await vi.waitFor(() => expect(sessions.size).toBe(4), { timeout: 10_000 });
    await a.close();
    expect(errorOf(await inA).code).toBe(McpInProcessErrorCode.ConnectionClosed);
    expect(textOf(await inB)).toBe('b2');
  });
});
