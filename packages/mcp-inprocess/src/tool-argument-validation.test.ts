import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonCalc, portsClosedAfterEach, zodCalc } from '../test/calc-servers.js';
import { callTool, send, textOf } from '../test/port-harness.js';
import { tool } from './tool.js';

const { portFor, serverWith } = portsClosedAfterEach();

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
