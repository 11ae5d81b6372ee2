import { InvalidOptionError, type McpSdkServerConfigWithInstance } from '@hexagent/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createSdkMcpServer, DEFAULT_TOOL_TIMEOUT_MS, type SdkMcpServerConfig } from './create-sdk-mcp-server.js';
import { isSdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { tool } from './tool.js';

const add = tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
  content: [{ type: 'text', text: String(a + b) }],
}));

describe('createSdkMcpServer()', () => {
  it('returns an sdk config whose instance is a plain, frozen definition', () => {
    const config = createSdkMcpServer({ name: 'calc', tools: [add] });
    expect(config).toEqual({
      type: 'sdk',
      name: 'calc',
      instance: { name: 'calc', version: '1.0.0', tools: [add], toolTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS },
    });
    expect(isSdkMcpServerDefinition(config.instance)).toBe(true);
    expect(Object.isFrozen(config.instance)).toBe(true);
    expect(Object.isFrozen(config.instance.tools)).toBe(true);
    expectTypeOf(config).toExtend<McpSdkServerConfigWithInstance>();
    expectTypeOf(config).toEqualTypeOf<SdkMcpServerConfig>();
  });

  it('copies the tools array, keeps version and instructions, and allows no tools', () => {
    const tools = [add];
    const config = createSdkMcpServer({
      name: 'calc',
      version: '2.0.0',
      instructions: 'Be exact.',
      tools,
      toolTimeoutMs: 5_000,
    });
    tools.pop();
    expect(config.instance).toEqual({
      name: 'calc',
      version: '2.0.0',
      instructions: 'Be exact.',
      tools: [add],
      toolTimeoutMs: 5_000,
    });
    expect(createSdkMcpServer({ name: 'empty' }).instance.tools).toEqual([]);
  });

  it.each(['', 'my server', 'a.b', 'x'.repeat(65)])('rejects the server name %j', (name) => {
    expect(() => createSdkMcpServer({ name })).toThrow(InvalidOptionError);
  });

  it('defaults toolTimeoutMs to 30 minutes, far above a long tool call', () => {
    expect(DEFAULT_TOOL_TIMEOUT_MS).toBe(30 * 60_000);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '60000'])('rejects the toolTimeoutMs %j', (value) => {
    expect(() => createSdkMcpServer({ name: 'calc', toolTimeoutMs: value as number })).toThrow(
      /mcpServers\.calc\.toolTimeoutMs/,
    );
  });

  it('rejects duplicate tool names', () => {
    const again = tool('add', 'Add again', {}, async () => ({ content: [] }));
    expect(() => createSdkMcpServer({ name: 'calc', tools: [add, again] })).toThrow(
      'Invalid option `mcpServers.calc.tools[1]`: two tools are named "add"; tool names must be unique within a server',
    );
  });

  it('checks hand-made tool definitions too', () => {
    const handMade = { name: 'bad name', description: 'd', inputSchema: {}, handler: async () => ({ content: [] }) };
    expect(() => createSdkMcpServer({ name: 'calc', tools: [handMade] })).toThrow(/tools\[0\].*must match/);
    expect(() => createSdkMcpServer({ name: 'calc', tools: 'add' as never })).toThrow(/array/);
  });

  it('tells its instances apart from look-alikes', () => {
    expect(isSdkMcpServerDefinition({ name: 'calc', version: '1.0.0', tools: [] })).toBe(false);
    expect(isSdkMcpServerDefinition(null)).toBe(false);
  });
});
