import type { McpServerConfig, Options } from '@hexagent/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWarnings } from '../warn-once.js';
import { buildTransportLaunch } from './build-transport-launch.js';
import { BYPASS_WARNING_CODE, UNKNOWN_OPTION_WARNING_CODE, warnAboutCliOptions } from './cli-option-warnings.js';

afterEach(() => {
  resetWarnings();
  vi.restoreAllMocks();
});

function warningCodes(run: () => void): unknown[] {
  const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  run();
  return emit.mock.calls.map((call) => (call[1] as { code?: unknown } | undefined)?.code);
}

describe('warnAboutCliOptions', () => {
  it('warns once about bypassPermissions without allowDangerouslySkipPermissions', () => {
    const codes = warningCodes(() => {
      warnAboutCliOptions({ permissionMode: 'bypassPermissions' });
      warnAboutCliOptions({ permissionMode: 'bypassPermissions' });
    });
    expect(codes).toEqual([BYPASS_WARNING_CODE]);
  });

  it("warns about a type 'sdk' server without an instance, and the launch passes it to the CLI", () => {
    const named = { type: 'sdk', name: 'remote' } as unknown as McpServerConfig;
    let args: readonly string[] = [];
    const codes = warningCodes(() => {
      args = buildTransportLaunch({ mcpServers: { remote: named }, mcpServersDelivery: 'argv' }).args;
    });
    expect(codes).toEqual(['HEXAGENT_SDK_SERVER_WITHOUT_INSTANCE']);
    expect(args).toContain(JSON.stringify({ mcpServers: { remote: { type: 'sdk', name: 'remote' } } }));
  });

  it('says nothing about in-process and external servers that work as given', () => {
    const calc = { type: 'sdk', name: 'calc', instance: { tools: [] } } as const;
    const codes = warningCodes(() => warnAboutCliOptions({ mcpServers: { calc, local: { command: 'node' } } }));
    expect(codes).toEqual([]);
  });

  it('warns once per unknown option key, naming the key it is likely a misspelling of, and never throws', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const misspelt = { maxTurn: 3, model: 'sonnet' } as unknown as Options;
    let args: readonly string[] = [];
    expect(() => {
      args = buildTransportLaunch(misspelt).args;
      buildTransportLaunch(misspelt);
      warnAboutCliOptions({ ...misspelt, permisionMode: 'plan' } as unknown as Options);
    }).not.toThrow();
    expect(emit.mock.calls).toEqual([
      [
        'Option "maxTurn" is ignored: neither the official SDK\'s Options type nor hexagent\'s has it. Did you mean "maxTurns"?',
        { code: UNKNOWN_OPTION_WARNING_CODE },
      ],
      [
        'Option "permisionMode" is ignored: neither the official SDK\'s Options type nor hexagent\'s has it. Did you mean "permissionMode"?',
        { code: UNKNOWN_OPTION_WARNING_CODE },
      ],
    ]);
    // Ignored, as the official SDK ignores it: no --max-turns reaches the CLI.
    expect(args.some((arg) => arg.startsWith('--max-turns'))).toBe(false);
  });
});
