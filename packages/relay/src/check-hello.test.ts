import { realpathSync } from 'node:fs';
import { type Options, projectKeyForPath } from '@hexagent/core';
import { buildTransportLaunch, CLI_SWITCH_FLAGS, buildRelayHello as helloOf } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { checkHello } from './check-hello.js';
import { CLAUDE_CODE_FLAG_FORMS } from './cli-flag-forms.js';
import { resolveRelayConfig } from './relay-config.js';
import { DEFAULT_ALLOWED_FLAGS } from './relay-defaults.js';

/** The hello the client sends for `options`, through the one launch builder. */
const buildRelayHello = (options: Options) => helloOf(buildTransportLaunch(options));

const config = resolveRelayConfig({ token: 'a-token-of-16-chars', cwdRoots: ['/tmp'], cwd: '/tmp' });
const hello = (argv: string[], env: Record<string, string> = {}, cwd?: string) => ({
  type: 'relay_hello',
  argv,
  env,
  ...(cwd === undefined ? {} : { cwd }),
});

describe('checkHello', () => {
  it('accepts the allowed flags as --name and --name=value, and adds the default --setting-sources', () => {
    const argv = ['--output-format=stream-json', '--verbose', '--model=claude-sonnet-4-5', '--max-turns=3'];
    expect(checkHello(hello(argv), config)).toEqual({
      argv: [...argv, '--setting-sources=user'],
      env: {},
      cwd: realpathSync('/tmp'),
    });
  });

  it('refuses a flag not on the list, a bare argument and a malformed hello', () => {
    expect(checkHello(hello(['--add-dir=/etc']), config)).toMatchObject({ reason: 'flag_not_allowed' });
    expect(checkHello(hello(['--model=x', 'do something']), config)).toMatchObject({ reason: 'flag_not_allowed' });
    expect(checkHello({ type: 'relay_hello', argv: 'x', env: {} }, config)).toMatchObject({ reason: 'bad_hello' });
    expect(checkHello(undefined, config)).toMatchObject({ reason: 'bad_hello' });
  });

  it('refuses every element that is not --name or --name=value: operands, --, single-dash and short options', () => {
    for (const argv of [
      ['--verbose', 'some prompt'],
      ['--continue', 'doctor'],
      ['-disallowedTools', 'doctor'],
      ['-p'],
      ['--', 'doctor'],
      ['--=x'],
      ['-'],
    ]) {
      const refused = checkHello(hello(argv), config);
      expect(refused, argv.join(' ')).toMatchObject({ reason: 'flag_not_allowed' });
      expect((refused as { message: string }).message).toMatch(/is not --name or --name=value/);
    }
  });

  it('reads each flag as the CLI does: a value only after =, a switch never with one', () => {
    const everyFlag = resolveRelayConfig({
      token: 'a-token-of-16-chars',
      allowedFlags: Object.keys(CLAUDE_CODE_FLAG_FORMS),
      allowClientMcpServers: 'all',
      allowedFlagValues: { 'permission-mode': ['x'], 'setting-sources': ['x'] },
    });
    for (const [flag, form] of Object.entries(CLAUDE_CODE_FLAG_FORMS)) {
      const alone = checkHello(hello([`--${flag}`]), everyFlag);
      const valued = checkHello(hello([`--${flag}=x`]), everyFlag);
      expect(alone, `--${flag}`).toMatchObject(
        form === 'value' ? { reason: 'flag_not_allowed' } : { argv: expect.any(Array) },
      );
      expect(valued, `--${flag}=x`).toMatchObject(
        form === 'switch' ? { reason: 'flag_not_allowed' } : { argv: expect.any(Array) },
      );
    }
    expect((checkHello(hello(['--model', '--max-turns=3']), config) as { message: string }).message).toBe(
      '--model takes a value: write --model=<value>',
    );
    // Every flag transport-cli writes alone takes no required value (--debug's filter is optional).
    for (const flag of CLI_SWITCH_FLAGS)
      expect(CLAUDE_CODE_FLAG_FORMS[flag], flag).toMatch(/^(switch|optional-value)$/);
  });

  it('refuses a flag value outside its allow-list: permission modes that widen, setting sources a client controls', () => {
    for (const arg of [
      '--permission-mode=bypassPermissions',
      '--permission-mode=acceptEdits',
      '--permission-mode=auto',
      '--setting-sources=project',
      '--setting-sources=user,local',
    ]) {
      expect(checkHello(hello([arg]), config), arg).toMatchObject({ reason: 'flag_not_allowed' });
    }
    for (const arg of [
      '--permission-mode=plan',
      '--permission-mode=dontAsk',
      '--setting-sources=',
      '--setting-sources=user',
    ]) {
      expect(checkHello(hello([arg]), config), arg).toMatchObject({ argv: expect.arrayContaining([arg]) });
    }
    const widened = resolveRelayConfig({
      token: 'a-token-of-16-chars',
      allowedFlagValues: { 'permission-mode': ['acceptEdits'], model: ['opus'] },
      flagDefaults: {},
    });
    expect(checkHello(hello(['--permission-mode=acceptEdits', '--model=opus']), widened)).toMatchObject({
      argv: ['--permission-mode=acceptEdits', '--model=opus'],
    });
    expect(checkHello(hello(['--model=sonnet']), widened)).toMatchObject({ reason: 'flag_not_allowed' });
  });

  it("accepts the hello of the SDK's everyday options under the default lists", () => {
    const everyday = buildRelayHello({
      model: 'claude-sonnet-4-5',
      fallbackModel: 'claude-haiku-4-5',
      maxTurns: 3,
      maxBudgetUsd: 1,
      thinking: { type: 'adaptive' },
      effort: 'high',
      permissionMode: 'plan',
      allowedTools: ['Read'],
      disallowedTools: ['Bash'],
      canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }),
      settingSources: [],
      includePartialMessages: true,
      includeHookEvents: true,
      resume: '6f1c2a64-2f4e-4d3b-9c59-8b1f3f0a9e11',
      forkSession: true,
      persistSession: false,
      outputFormat: { type: 'json_schema', schema: { type: 'object' } },
      settings: { a: 1 },
      mcpServers: { calc: { type: 'sdk', name: 'calc', instance: {} } },
    });
    const relay = resolveRelayConfig({
      token: 'a-token-of-16-chars',
      allowedFlags: [...DEFAULT_ALLOWED_FLAGS, 'settings'],
    });
    expect(checkHello(everyday, relay)).not.toHaveProperty('reason');
  });

  it('refuses a declared MCP server the operator does not allow, before anything starts', () => {
    const declared = (mcpServers: Record<string, string>) => ({ ...hello([]), mcpServers });
    expect(checkHello(declared({ calc: 'sdk' }), config)).not.toHaveProperty('reason');
    expect(checkHello(declared({ calc: 'sdk', fs: 'stdio' }), config)).toMatchObject({
      reason: 'mcp_server_not_allowed',
      message: expect.stringContaining('"fs" (stdio)'),
    });
    const none = resolveRelayConfig({ token: 'a-token-of-16-chars', allowClientMcpServers: 'none' });
    expect(checkHello(declared({ calc: 'sdk' }), none)).toMatchObject({ reason: 'mcp_server_not_allowed' });
    const all = resolveRelayConfig({ token: 'a-token-of-16-chars', allowClientMcpServers: 'all' });
    expect(checkHello(declared({ fs: 'stdio' }), all)).not.toHaveProperty('reason');
    expect(checkHello({ ...hello([]), mcpServers: { fs: { command: 'x' } } }, config)).toMatchObject({
      reason: 'bad_hello',
    });
  });

  it('refuses a variable not on the list', () => {
    expect(checkHello(hello([], { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' }), config)).not.toHaveProperty('reason');
    expect(checkHello(hello([], { PATH: '/evil' }), config)).toMatchObject({ reason: 'env_not_allowed' });
  });

  it('keeps the cwd inside the roots, after resolving it', () => {
    expect(checkHello(hello([], {}, '/tmp'), config)).not.toHaveProperty('reason');
    expect(checkHello(hello([], {}, '/tmp/../etc'), config)).toMatchObject({ reason: 'cwd_not_allowed' });
    expect(checkHello(hello([], {}, '/nonexistent'), config)).toMatchObject({ reason: 'cwd_not_allowed' });
  });
});

describe('resolveRelayConfig', () => {
  it('refuses a short token and a bad limit', () => {
    expect(() => resolveRelayConfig({ token: 'short' })).toThrow(/token/);
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', maxConnections: 0 })).toThrow(/maxConnections/);
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', handshakeTimeoutMs: 0 })).toThrow(
      /handshakeTimeoutMs/,
    );
  });

  it('refuses a flag whose form it does not know, unless cliFlags gives it', () => {
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', allowedFlags: ['shiny-new'] })).toThrow(/cliFlags/);
    const known = resolveRelayConfig({
      token: 'a-token-of-16-chars',
      allowedFlags: ['shiny-new'],
      cliFlags: { 'shiny-new': 'switch' },
    });
    expect(checkHello(hello(['--shiny-new']), known)).not.toHaveProperty('reason');
  });

  it('refuses --mcp-config unless client MCP servers are all allowed, and a policy it does not know', () => {
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', allowedFlags: ['mcp-config'] })).toThrow(
      /allowClientMcpServers/,
    );
    expect(() =>
      resolveRelayConfig({ token: 'a-token-of-16-chars', allowedFlags: ['mcp-config'], allowClientMcpServers: 'all' }),
    ).not.toThrow();
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', allowClientMcpServers: 'some' as never })).toThrow(
      /allowClientMcpServers/,
    );
  });

  it("takes a session to resume in the project of the CLI's cwd, and refuses one of another project", () => {
    const sid = '3a71bb1f-1592-41d8-94d2-8371184414f5';
    const project = projectKeyForPath(realpathSync('/tmp'));
    const files = [{ path: `${project}/${sid}.jsonl`, content: '{}\n' }];
    expect(checkHello({ ...hello([`--resume=${sid}`]), resume: { files } }, config)).toMatchObject({
      resume: files,
      cwd: realpathSync('/tmp'),
    });
    const elsewhere = [{ path: `-var-task/${sid}.jsonl`, content: '{}\n' }];
    expect(checkHello({ ...hello([`--resume=${sid}`]), resume: { files: elsewhere } }, config)).toMatchObject({
      reason: 'bad_hello',
    });
    expect(checkHello({ ...hello([]), resume: 'x' }, config)).toMatchObject({ reason: 'bad_hello' });
  });

  it('lets a client mirror its sessions (--session-mirror) by default', () => {
    expect(DEFAULT_ALLOWED_FLAGS).toContain('session-mirror');
    expect(checkHello(hello(['--session-mirror']), config)).not.toHaveProperty('reason');
  });
});
