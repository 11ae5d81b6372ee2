import { InvalidOptionError } from '@hexagent/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { createSdkMcpServer } from './create-sdk-mcp-server.js';
import type { SdkMcpToolDefinition, ToolHandlerExtra } from './sdk-mcp-tool-definition.js';
import { tool } from './tool.js';

const ok = async (): Promise<CallToolResult> => ({ content: [] });

describe('tool()', () => {
  it('returns a frozen definition with what it was given', () => {
    const shape = { a: z.number() };
    const definition = tool('add', 'Add', shape, ok, { annotations: { readOnlyHint: true }, timeoutMs: 500 });
    expect(definition).toEqual({
      name: 'add',
      description: 'Add',
      inputSchema: shape,
      handler: ok,
      annotations: { readOnlyHint: true },
      timeoutMs: 500,
    });
    expect(Object.isFrozen(definition)).toBe(true);
    expect(tool('add', 'Add', shape, ok)).not.toHaveProperty('annotations');
    expect(tool('add', 'Add', shape, ok)).not.toHaveProperty('timeoutMs');
  });

  it('carries searchHint and alwaysLoad in _meta, as the official tool() does', () => {
    const definition = tool('find', 'Find', {}, ok, { searchHint: 'lookup search', alwaysLoad: true });
    expect(definition._meta).toEqual({ 'anthropic/searchHint': 'lookup search', 'anthropic/alwaysLoad': true });
    expect(definition).not.toHaveProperty('searchHint');
    expect(definition).not.toHaveProperty('alwaysLoad');
    expect(tool('find', 'Find', {}, ok, { alwaysLoad: false, searchHint: '' })).not.toHaveProperty('_meta');
    expect(tool('find', 'Find', {}, ok)).not.toHaveProperty('_meta');
    // Other kinds as the official tool() carries them (0.3.332): a truthy hint as given, a truthy alwaysLoad as true.
    expect(tool('t', 'd', {}, ok, { searchHint: 3 as never })._meta).toEqual({ 'anthropic/searchHint': 3 });
    expect(tool('t', 'd', {}, ok, { alwaysLoad: 'yes' as never })._meta).toEqual({ 'anthropic/alwaysLoad': true });
  });

  // The official tool() takes any name (the MCP SDK warns on some); so does hexagent.
  it.each([
    'add',
    'a',
    'A_b-9',
    'x'.repeat(64),
    'has space',
    'dot.name',
    'slash/name',
    'ü',
    'x'.repeat(65),
    'mcp:tool',
  ])('accepts the name %s', (name) => {
    expect(tool(name, 'd', {}, ok).name).toBe(name);
  });

  it('rejects an empty name', () => {
    expect(() => tool('', 'd', {}, ok)).toThrow(InvalidOptionError);
  });

  it.each([
    ['a zod object instead of a shape', z.object({ a: z.number() }), /raw shape/],
    ['a shape mixing zod and plain values', { a: z.number(), b: { type: 'number' } }, /mixes zod schemas/],
    ['a JSON Schema that is not an object', { type: 'string' }, /must describe an object/],
    ['properties that are not schemas', { type: 'object', properties: { a: 'number' } }, /must be JSON Schema objects/],
    ['an object that is neither', { a: 1 }, /neither a zod raw shape/],
    ['an array', [z.number()], /zod raw shape or a JSON Schema/],
    ['null', null, /zod raw shape or a JSON Schema/],
  ])('rejects an inputSchema that is %s', (_, schema, message) => {
    expect(() => tool('t', 'd', schema as never, ok)).toThrow(message);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100'])('rejects timeoutMs %s', (timeoutMs) => {
    expect(() => tool('t', 'd', {}, ok, { timeoutMs: timeoutMs as number })).toThrow(/timeoutMs/);
  });

  it('takes a handler that is not a function, annotations that are not an object and a description of another kind, as the official tool()', () => {
    expect(tool('t', 'd', {}, 'nope' as never).handler).toBe('nope');
    expect(tool('t', 'd', {}, ok, { annotations: 'ro' as never }).annotations).toBe('ro');
    expect(tool('t', 42 as never, {}, ok).description).toBe(42);
  });

  it('types the handler arguments from a zod v4 shape, a zod v3 shape, and JSON Schema', () => {
    tool('v4', 'd', { a: z.number(), s: z.string().optional(), e: z.enum(['x', 'y']) }, async (args, extra) => {
      expectTypeOf(args).toEqualTypeOf<{ a: number; s: string | undefined; e: 'x' | 'y' }>();
      expectTypeOf(extra).toEqualTypeOf<ToolHandlerExtra>();
      expectTypeOf(extra.signal).toEqualTypeOf<AbortSignal>();
      return { content: [{ type: 'text', text: String(args.a) }] };
    });
    tool('v3', 'd', { a: z3.z.number(), b: z3.z.array(z3.z.string()) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<{ a: number; b: string[] }>();
      return { content: [] };
    });
    tool('json', 'd', { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
      return { content: [] };
    });
    // @ts-expect-error the handler must return a CallToolResult
    tool('bad', 'd', { a: z.number() }, async () => ({ contents: 'x' }));
    // @ts-expect-error a zod shape's fields are typed
    tool('bad', 'd', { a: z.number() }, async ({ a }: { a: string }) => ({ content: [{ type: 'text', text: a }] }));
  });

  it('makes definitions of different shapes fit one tools array', () => {
    const tools = [
      tool('a', 'd', { a: z.number() }, async ({ a }) => ({ content: [{ type: 'text', text: String(a) }] })),
      tool('b', 'd', { b: z3.z.string() }, async ({ b }) => ({ content: [{ type: 'text', text: b }] })),
      tool('c', 'd', { type: 'object', properties: {} }, ok),
    ];
    const config = createSdkMcpServer({ name: 'mixed', tools });
    expectTypeOf(config.instance.tools).toEqualTypeOf<readonly SdkMcpToolDefinition[]>();
    expect(config.instance.tools.map((t) => t.name)).toEqual(['a', 'b', 'c']);
  });
});
