import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../types/mcp/mcp-server-config.js';
import {
  classifyMcpServers,
  declaredMcpServerTypes,
  isSdkServerConfig,
  mcpServerType,
} from './classify-mcp-servers.js';

const instance = { tools: [] };
const calc = { type: 'sdk', name: 'calc', instance } as const;

describe('isSdkServerConfig', () => {
  it("is true for type 'sdk' with an instance, as the official query() decides", () => {
    expect(isSdkServerConfig(calc)).toBe(true);
  });

  it("is false for type 'sdk' without an instance, other types, and what is no config", () => {
    expect(isSdkServerConfig({ type: 'sdk', name: 'calc' })).toBe(false);
    expect(isSdkServerConfig({ type: 'sdk', name: 'calc', instance: undefined })).toBe(false);
    expect(isSdkServerConfig({ type: 'stdio', command: 'node', instance })).toBe(false);
    expect(isSdkServerConfig(null)).toBe(false);
    expect(isSdkServerConfig('calc')).toBe(false);
  });
});

describe('mcpServerType', () => {
  it('is the type given, stdio without one, unknown for what is no config', () => {
    expect(mcpServerType(calc)).toBe('sdk');
    expect(mcpServerType({ type: 'http', url: 'https://example.test' })).toBe('http');
    expect(mcpServerType({ command: 'node' })).toBe('stdio');
    expect(mcpServerType({ type: 'ws-next' })).toBe('ws-next');
    expect(mcpServerType({ type: 3 })).toBe('unknown');
    expect(mcpServerType(null)).toBe('unknown');
    expect(mcpServerType(['x'])).toBe('stdio');
  });
});

describe('classifyMcpServers', () => {
  it('splits in-process servers from the configs the CLI takes, keeping the order and dropping stray instances', () => {
    const servers: Record<string, McpServerConfig> = {
      calc,
      docs: { type: 'http', url: 'https://example.test/mcp' },
      local: { command: 'node', args: ['server.js'], instance } as McpServerConfig,
    };
    const { inProcess, external } = classifyMcpServers(servers);
    expect(inProcess).toEqual({ calc });
    expect(inProcess.calc).toBe(calc);
    expect(external).toEqual({
      docs: { type: 'http', url: 'https://example.test/mcp' },
      local: { command: 'node', args: ['server.js'] },
    });
    expect(Object.keys(external ?? {})).toEqual(['docs', 'local']);
  });

  it("passes a type 'sdk' config without an instance on to the CLI, as the official SDK does", () => {
    const named = { type: 'sdk', name: 'remote' } as unknown as McpServerConfig;
    expect(classifyMcpServers({ remote: named })).toEqual({ inProcess: {}, external: { remote: named } });
  });

  it('has no external servers for none, or for in-process ones only', () => {
    expect(classifyMcpServers(undefined)).toEqual({ inProcess: {}, external: undefined });
    expect(classifyMcpServers({ calc }).external).toBeUndefined();
  });
});

describe('declaredMcpServerTypes', () => {
  it("names the type of the top-level servers and of the agents' inline ones, not the named ones", () => {
    expect(
      declaredMcpServerTypes({
        mcpServers: { calc, local: { command: 'node' } },
        agents: {
          helper: { description: 'd', prompt: 'p', mcpServers: ['github', { web: { type: 'sse', url: 'u' } }] },
          plain: { description: 'd', prompt: 'p' },
        },
      }),
    ).toEqual({ calc: 'sdk', local: 'stdio', web: 'sse' });
  });
});
