import type { Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from '../build-cli-args.js';
import { CLI_SWITCH_FLAGS } from './switch-flags.js';

/** Command lines that between them write every switch the SDK has, and the flags that carry values apart. */
const COMMAND_LINES: Options[] = [
  {
    debug: true,
    continue: true,
    strictMcpConfig: true,
    allowDangerouslySkipPermissions: true,
    includeHookEvents: true,
    includePartialMessages: true,
    forkSession: true,
    persistSession: false,
    mcpServers: { external: { command: 'server' } },
    managedSettings: { permissions: { allow: ['Read'] } },
    settings: { model: 'claude-sonnet-4-5' },
    extraArgs: { 'await-claim': null, 'some-value': 'v' },
  },
  { sessionStore: { append: async () => {}, load: async () => null }, mcpServersDelivery: 'argv', mcpServers: {} },
];

describe('CLI_SWITCH_FLAGS', () => {
  const lines = COMMAND_LINES.map((options) => buildCliArgs(options));

  it('names every flag the SDK writes without a value: any other flag written alone is followed by its value', () => {
    for (const args of lines) {
      args.forEach((arg, index) => {
        if (!arg.startsWith('--') || arg.includes('=')) return;
        const name = arg.slice(2);
        const next = args[index + 1];
        if ((CLI_SWITCH_FLAGS as readonly string[]).includes(name)) {
          expect(next === undefined || next.startsWith('--'), `${arg} then ${next}`).toBe(true);
        } else {
          expect(next !== undefined && !next.startsWith('--'), `${arg} has no value`).toBe(true);
        }
      });
    }
  });

  it('holds no stale name: each is written by one of these command lines', () => {
    const written = new Set(lines.flat());
    for (const name of CLI_SWITCH_FLAGS) expect(written.has(`--${name}`), name).toBe(true);
  });
});
