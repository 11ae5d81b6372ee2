/**
 * Tools whose shapes come from another copy of zod than the one hexagent's own types and the MCP
 * SDK use (the workspace's 4.6.7): zod 4.1, zod 3.25's `zod/v4` subpath and zod 3.25 itself, as an
 * app brings its own. The handler's arguments are typed from the shape (no `unknown`), and the
 * tools list, validate and run as with our zod.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z as zod3 } from 'zod-3-25';
import { z as zod3v4 } from 'zod-3-25/v4';
import { z as zod41 } from 'zod-4-1';
import { portsClosedAfterEach } from '../test/calc-servers.js';
import { callTool, textOf } from '../test/port-harness.js';
import { tool } from './tool.js';

const { serverWith } = portsClosedAfterEach();

describe('tool() with an app’s own copy of zod', () => {
  it('types the handler from a zod 4.1, a zod 3.25 zod/v4 and a zod 3.25 shape', () => {
    tool('a', 'd', { a: zod41.number(), s: zod41.string().optional() }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<{ a: number; s: string | undefined }>();
      return { content: [] };
    });
    tool('b', 'd', { a: zod3v4.number(), e: zod3v4.enum(['x', 'y']) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<{ a: number; e: 'x' | 'y' }>();
      return { content: [] };
    });
    tool('c', 'd', { a: zod3.number(), tags: zod3.array(zod3.string()) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<{ a: number; tags: string[] }>();
      return { content: [] };
    });
    tool('d', 'd', { a: zod41.number() }, async () => ({ content: [] }), {
      // @ts-expect-error the wrong key is reported on the key, as the official SDK's single signature does
      annotations: { readOnlyHnt: true },
    });
  });

  it.each([
    ['zod 4.1', { a: zod41.number(), b: zod41.number() }],
    ['zod 3.25 zod/v4', { a: zod3v4.number(), b: zod3v4.number() }],
    ['zod 3.25', { a: zod3.number(), b: zod3.number() }],
  ] as const)('lists, validates and runs a %s tool', async (_, shape) => {
    const port = serverWith(
      tool('add', 'Add', shape, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] })),
    );
    const schema = (await port.manifest()).toolsListResult.tools[0]?.['inputSchema'];
    expect(schema).toMatchObject({ type: 'object', properties: { a: { type: 'number' } }, required: ['a', 'b'] });
    expect(textOf(await callTool(port, 1, 'add', { a: 15, b: 27 }))).toBe('42');
    const bad = await callTool(port, 2, 'add', { a: 'one', b: 2 });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^Invalid arguments for tool "add": a: /);
  });
});
