import type { McpServerConfig } from '@hexagent/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWarnings } from '../warn-once.js';
import { buildTransportLaunch } from './build-transport-launch.js';
import { BYPASS_WARNING_CODE, warnAboutCliOptions } from './cli-option-warnings.js';

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
});
