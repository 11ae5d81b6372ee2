import type { McpSdkServerConfigWithInstance } from '@hexagent/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { compileTool, loadToolCompilers } from './compile-tool.js';
import { createSdkMcpServer, DEFAULT_TOOL_TIMEOUT_MS, type SdkMcpServerConfig } from './create-sdk-mcp-server.js';
import { isSdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { tool } from './tool.js';
import { definitionManifest } from './tools-runtime.js';

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

  // The official createSdkMcpServer takes any name, version and instructions (0.3.332).
  it.each(['', 'my server', 'a.b', 'x'.repeat(65)])('takes the server name %j', (name) => {
    expect(createSdkMcpServer({ name }).name).toBe(name);
    expect(() => createSdkMcpServer({ name: 's', version: 3 as never, instructions: 4 as never })).not.toThrow();
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
    const handMade = { name: 'n', description: 'd', inputSchema: 3, handler: async () => ({ content: [] }) };
    expect(() => createSdkMcpServer({ name: 'calc', tools: [handMade as never] })).toThrow(/tools\[0\].*inputSchema/);
    expect(() => createSdkMcpServer({ name: 'calc', tools: [3 as never] })).toThrow(/tools\[0\]/);
    expect(() => createSdkMcpServer({ name: 'calc', tools: 'add' as never })).toThrow(/array/);
  });

  it('puts the official timeout on the config and bounds calls by it when toolTimeoutMs is not given', () => {
    const config = createSdkMcpServer({ name: 'calc', tools: [add], timeout: 90_000 });
    expect(config.timeout).toBe(90_000);
    expect(config.instance.toolTimeoutMs).toBe(90_000);
    expect(createSdkMcpServer({ name: 'calc', timeout: 90_000, toolTimeoutMs: 5_000 }).instance.toolTimeoutMs).toBe(
      5_000,
    );
    expect(createSdkMcpServer({ name: 'calc', timeout: 500 }).instance.toolTimeoutMs).toBe(DEFAULT_TOOL_TIMEOUT_MS);
    expect(createSdkMcpServer({ name: 'calc' })).not.toHaveProperty('timeout');
    // A timeout the official takes but that bounds nothing leaves the default.
    expect(createSdkMcpServer({ name: 'calc', timeout: -1 }).instance.toolTimeoutMs).toBe(DEFAULT_TOOL_TIMEOUT_MS);
  });

  it('sends searchHint and alwaysLoad as _meta in the manifest, alwaysLoad OR-ed over the server', async () => {
    const hinted = tool('find', 'Find', { q: z.string() }, async () => ({ content: [] }), { searchHint: 'lookup' });
    const loaded = tool('pinned', 'Pinned', {}, async () => ({ content: [] }), { alwaysLoad: true });
    const entries = async (config: SdkMcpServerConfig) => {
      const compilers = await loadToolCompilers(config.instance.tools);
      const tools = config.instance.tools.map((definition) => compileTool(definition, compilers));
      return definitionManifest(config.instance, tools).toolsListResult.tools;
    };
    const plain = await entries(createSdkMcpServer({ name: 's', tools: [add, hinted, loaded] }));
    expect(plain.map((entry) => entry['_meta'])).toEqual([
      undefined,
      { 'anthropic/searchHint': 'lookup' },
      { 'anthropic/alwaysLoad': true },
    ]);
    const all = await entries(createSdkMcpServer({ name: 's', tools: [add, hinted, loaded], alwaysLoad: true }));
    expect(all.map((entry) => entry['_meta'])).toEqual([
      { 'anthropic/alwaysLoad': true },
      { 'anthropic/alwaysLoad': true, 'anthropic/searchHint': 'lookup' },
      { 'anthropic/alwaysLoad': true },
    ]);
    expect(hinted._meta).toEqual({ 'anthropic/searchHint': 'lookup' });
  });

  it('tells its instances apart from look-alikes', () => {
    expect(isSdkMcpServerDefinition({ name: 'calc', version: '1.0.0', tools: [] })).toBe(false);
    expect(isSdkMcpServerDefinition(null)).toBe(false);
  });
});
