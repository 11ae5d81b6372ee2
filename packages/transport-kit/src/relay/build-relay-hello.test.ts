import type { Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { buildCliArgs } from '../launch/build-cli-args.js';
import { buildTransportLaunch, type LaunchContext } from '../launch/build-transport-launch.js';
import { buildRelayHello as helloOf } from './build-relay-hello.js';

/** The hello for `options`, through the one launch builder. */
const buildRelayHello = (options: Options, context?: LaunchContext) => helloOf(buildTransportLaunch(options, context));

describe('buildRelayHello', () => {
  it('carries the argv CliTransport would run, from the same builder, each flag with its value in one element', () => {
    const options = { model: 'claude-sonnet-4-5', maxTurns: 3, settingSources: [] };
    expect(buildCliArgs(options).slice(0, 2)).toEqual(['--output-format', 'stream-json']);
    expect(buildRelayHello(options).argv).toEqual(
      buildCliArgs(options)
        .join('\0')
        .replace(/(--[a-z-]+)\0(?!-)/g, '$1=')
        .split('\0'),
    );
    expect(buildRelayHello(options).argv.slice(0, 3)).toEqual([
      '--output-format=stream-json',
      '--verbose',
      '--input-format=stream-json',
    ]);
    const extra = buildRelayHello({
      settings: { a: 1 },
      extraArgs: { 'a-switch': null, 'with-value': 'v', dash: '-x' },
    });
    expect(extra.argv.slice(-4)).toEqual(['--a-switch', '--with-value=v', '--dash=-x', '--settings={"a":1}']);
    expect(extra.argv.every((arg) => arg.startsWith('--'))).toBe(true);
  });

  it('declares the type of each MCP server the session will configure, inline servers of agents too', () => {
    expect(buildRelayHello({})).not.toHaveProperty('mcpServers');
    const hello = buildRelayHello({
      mcpServers: {
        calc: { type: 'sdk', name: 'calc', instance: {} },
        fs: { command: 'mcp-fs' },
        web: { type: 'http', url: 'http://127.0.0.1:9' },
      },
      agents: { helper: { description: 'd', prompt: 'p', mcpServers: ['calc', { git: { command: 'mcp-git' } }] } },
    });
    expect(hello.mcpServers).toEqual({ calc: 'sdk', fs: 'stdio', web: 'http', git: 'stdio' });
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

  it("sends the caller's CLAUDE_CONFIG_DIR (the relay's operator decides) and no resume for a launch without transcripts", () => {
    expect(buildRelayHello({ env: { CLAUDE_CONFIG_DIR: '/srv/claude' } }).env.CLAUDE_CONFIG_DIR).toBe('/srv/claude');
    expect(buildRelayHello({ resume: '3a71bb1f-1592-41d8-94d2-8371184414f5' })).not.toHaveProperty('resume');
  });

  it('names the cwd only when given', () => {
    expect(buildRelayHello({})).not.toHaveProperty('cwd');
    expect(buildRelayHello({ cwd: '/srv/work' }).cwd).toBe('/srv/work');
  });

  it('throws InvalidOptionError for a bad option: the launch builder checks the options', () => {
    expect(() => buildRelayHello({ mcpServersDelivery: 'nope' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
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
