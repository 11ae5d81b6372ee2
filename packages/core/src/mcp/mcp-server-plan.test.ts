import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { Options } from '../types/options.js';
import { externalMcpServersForInitialize, planMcpServers, uncheckedMcpServerPlan } from './mcp-server-plan.js';

const external = (options: Options) => externalMcpServersForInitialize(planMcpServers(options));

describe('planMcpServers', () => {
  const calc = { type: 'sdk' as const, name: 'calc', instance: {} };
  const mcpServers: Options['mcpServers'] = {
    echo: { type: 'stdio', command: 'echo-server' },
    bare: { command: 'bare' },
    calc,
  };

  it('splits the servers once, with their types, the delivery and the warnings', () => {
    const plan = planMcpServers({
      mcpServers: { ...mcpServers, loose: { type: 'sdk', name: 'loose' } as never },
      agents: { helper: { description: 'd', prompt: 'p', mcpServers: [{ calc }] } },
    });
    expect(plan.inProcess).toEqual({ calc });
    expect(Object.keys(plan.external ?? {})).toEqual(['echo', 'bare', 'loose']);
    expect(plan.delivery).toBe('initialize');
    expect(plan.types).toEqual({ echo: 'stdio', bare: 'stdio', calc: 'sdk', loose: 'sdk' });
    expect(plan.warnings.map((warning) => warning.code)).toEqual([
      'HEXAGENT_SDK_SERVER_WITHOUT_INSTANCE',
      'HEXAGENT_AGENT_IN_PROCESS_SERVER',
    ]);
  });

  it('refuses an unknown delivery; the unchecked plan does not', () => {
    const options = { mcpServersDelivery: 'stdin' as never };
    expect(() => planMcpServers(options)).toThrow(InvalidOptionError);
    expect(uncheckedMcpServerPlan(options).delivery).toBe('stdin');
  });

  it("by default ('initialize'), initialize carries the external servers as given, sdk servers left out", () => {
    expect(external({ mcpServers })).toEqual({
      echo: { type: 'stdio', command: 'echo-server' },
      bare: { command: 'bare' },
    });
  });

  it('none for a launch given --sdk-url, which cannot read them at launch', () => {
    expect(external({ mcpServers, extraArgs: { 'sdk-url': 'ws://x' } })).toBeUndefined();
    expect(external({ mcpServers, executableArgs: ['--sdk-url=ws://x'] })).toBeUndefined();
  });

  it("none with 'argv', nor when there is no external server", () => {
    expect(external({ mcpServers, mcpServersDelivery: 'argv' })).toBeUndefined();
    expect(external({ mcpServers: { calc } })).toBeUndefined();
    expect(external({})).toBeUndefined();
  });
});
