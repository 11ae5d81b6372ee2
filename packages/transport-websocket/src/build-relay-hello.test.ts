import { buildCliArgs } from '@hexagent/transport-cli';
import { describe, expect, it } from 'vitest';
import { buildRelayHello } from './build-relay-hello.js';

describe('buildRelayHello', () => {
  it('carries the argv CliTransport would run, from the same builder', () => {
    const options = { model: 'claude-sonnet-4-5', maxTurns: 3, settingSources: [] };
    expect(buildRelayHello(options).argv).toEqual(buildCliArgs(options));
  });

  it("sends only the SDK's markers and the explicitly given env, never this process's environment", () => {
    process.env['HEXAGENT_RELAY_TEST_SECRET'] = 'do-not-send';
    try {
      const bare = buildRelayHello({});
      expect(Object.keys(bare.env).sort()).toEqual([
        'CLAUDE_AGENT_SDK_CLIENT_APP',
        'CLAUDE_CODE_ENTRYPOINT',
        'CLAUDE_CODE_SDK_READS_SESSION_STATE',
      ]);
      expect(buildRelayHello({ env: { FOO: 'bar', GONE: undefined } }).env).toMatchObject({ FOO: 'bar' });
      expect(buildRelayHello({ env: { GONE: undefined } }).env).not.toHaveProperty('GONE');
    } finally {
      delete process.env['HEXAGENT_RELAY_TEST_SECRET'];
    }
  });

  it('names the cwd only when given', () => {
    expect(buildRelayHello({})).not.toHaveProperty('cwd');
    expect(buildRelayHello({ cwd: '/srv/work' }).cwd).toBe('/srv/work');
  });

  it('throws InvalidOptionError for a bad option, as CliTransport does', () => {
    expect(() => buildRelayHello({ maxTurns: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it.each([
    ['pathToClaudeCodeExecutable', { pathToClaudeCodeExecutable: '/usr/local/bin/claude' }],
    ['executable', { executable: 'node' as const }],
    ['executableArgs', { executableArgs: ['--inspect'] }],
    ['spawnClaudeCodeProcess', { spawnClaudeCodeProcess: () => ({}) as never }],
  ])('refuses %s: the relay runs its own CLI, so the option would do nothing', (option, options) => {
    expect(() => buildRelayHello(options)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', option }));
  });
});
