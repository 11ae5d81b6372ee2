import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { McpServerConfig } from '../types/mcp/mcp-server-config.js';
import { checkMcpServers, mcpServerWarnings } from './check-mcp-servers.js';

const calc = { type: 'sdk', name: 'calc', instance: { tools: [] } } as const;

describe('checkMcpServers', () => {
  it('accepts the deliveries the official SDK accepts', () => {
    expect(() => checkMcpServers({})).not.toThrow();
    for (const mcpServersDelivery of ['argv', 'initialize'] as const) {
      expect(() => checkMcpServers({ mcpServersDelivery })).not.toThrow();
    }
  });

  it('refuses an unknown delivery, as the official SDK does', () => {
    let error: unknown;
    try {
      checkMcpServers({ mcpServersDelivery: 'stdin' as never });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe('mcpServersDelivery');
    expect((error as Error).message).toContain('must be one of initialize, argv, got "stdin"');
  });
});

describe('mcpServerWarnings', () => {
  it('has nothing to say about servers that work as given', () => {
    expect(mcpServerWarnings({ mcpServers: { calc, local: { command: 'node' } } })).toEqual([]);
    expect(mcpServerWarnings({})).toEqual([]);
  });

  it("warns about a type 'sdk' server without an instance, which goes on to the CLI", () => {
    const named = { type: 'sdk', name: 'remote' } as unknown as McpServerConfig;
    const warnings = mcpServerWarnings({ mcpServers: { remote: named } });
    expect(warnings.map((warning) => warning.code)).toEqual(['HEXAGENT_SDK_SERVER_WITHOUT_INSTANCE']);
    expect(warnings[0]?.message).toContain('"remote"');
  });

  it("warns about an in-process server inside an agent's mcpServers, as the official SDK does", () => {
    const warnings = mcpServerWarnings({
      agents: {
        helper: {
          description: 'd',
          prompt: 'p',
          mcpServers: ['github', { calc } as unknown as Record<string, McpServerConfig>],
        },
      },
    });
    expect(warnings).toEqual([
      { code: 'HEXAGENT_AGENT_IN_PROCESS_SERVER', message: expect.stringContaining('mcp__calc') },
    ]);
  });
});
