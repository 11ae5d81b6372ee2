import { InvalidOptionError, type Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { BASE_CLI_ARGS, buildCliArgs } from './build-cli-args.js';

const BASE = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];

/** The flags after the base arguments. */
function flags(options: Options): string[] {
  const args = buildCliArgs(options);
  expect(args.slice(0, BASE.length)).toEqual(BASE);
  return args.slice(BASE.length);
}

function invalid(options: Options): InvalidOptionError {
  try {
    buildCliArgs(options);
  } catch (error) {
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    return error as InvalidOptionError;
  }
  throw new Error('expected buildCliArgs to throw');
}

const sdkServer = { type: 'sdk' as const, name: 'calc', instance: { secret: 'in-process object' } };

describe('buildCliArgs', () => {
  it('starts every command line like the captured sessions, and sends no --setting-sources by default', () => {
    expect(BASE_CLI_ARGS).toEqual(BASE);
    expect(buildCliArgs({})).toEqual(BASE);
  });

  it('matches the argv of a captured session', () => {
    // captures/03-can-use-tool-and-hooks.jsonl, plus explicit empty setting sources.
    const args = buildCliArgs({
      maxTurns: 3,
      model: 'claude-sonnet-4-5',
      canUseTool: async () => ({ behavior: 'allow' }),
      settingSources: [],
    });
    expect(args).toEqual([
      ...BASE,
      '--max-turns=3',
      '--model=claude-sonnet-4-5',
      '--permission-prompt-tool=stdio',
      '--setting-sources=',
    ]);
  });

  it.each<[string, Options, string[]]>([
    ['model', { model: 'claude-opus-4' }, ['--model=claude-opus-4']],
    ['fallbackModel', { fallbackModel: 'haiku' }, ['--fallback-model=haiku']],
    ['maxTurns', { maxTurns: 7 }, ['--max-turns=7']],
    ['maxBudgetUsd', { maxBudgetUsd: 1.25 }, ['--max-budget-usd=1.25']],
    ['maxThinkingTokens', { maxThinkingTokens: 0 }, ['--thinking=disabled']],
    ['maxThinkingTokens (a budget)', { maxThinkingTokens: 1024 }, ['--max-thinking-tokens=1024']],
    ['maxTurns 0 (no limit)', { maxTurns: 0 }, []],
    ['allowedTools', { allowedTools: ['Read', 'mcp__calc__add'] }, ['--allowedTools=Read,mcp__calc__add']],
    ['allowedTools (empty)', { allowedTools: [] }, []],
    ['disallowedTools', { disallowedTools: ['Bash', 'Write'] }, ['--disallowedTools=Bash,Write']],
    ['tools', { tools: ['Read', 'Grep'] }, ['--tools=Read,Grep']],
    ['tools (none)', { tools: [] }, ['--tools=']],
    ['tools (preset)', { tools: { type: 'preset', preset: 'claude_code' } }, ['--tools=default']],
    ['permissionMode', { permissionMode: 'acceptEdits' }, ['--permission-mode=acceptEdits']],
    [
      'bypassPermissions',
      { permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true },
      ['--permission-mode=bypassPermissions', '--allow-dangerously-skip-permissions'],
    ],
    [
      'allowDangerouslySkipPermissions',
      { allowDangerouslySkipPermissions: true },
      ['--allow-dangerously-skip-permissions'],
    ],
    ['allowDangerouslySkipPermissions (false)', { allowDangerouslySkipPermissions: false }, []],
    [
      'permissionPromptToolName',
      { permissionPromptToolName: 'mcp__auth__ask' },
      ['--permission-prompt-tool=mcp__auth__ask'],
    ],
    ['includePartialMessages', { includePartialMessages: true }, ['--include-partial-messages']],
    ['includePartialMessages (false)', { includePartialMessages: false }, []],
    ['resume', { resume: 'session-1' }, ['--resume=session-1']],
    ['resumeSessionAt', { resume: 's', resumeSessionAt: 'msg-9' }, ['--resume=s', '--resume-session-at=msg-9']],
    ['forkSession', { resume: 's', forkSession: true }, ['--resume=s', '--fork-session']],
    ['continue', { continue: true }, ['--continue']],
    [
      'sessionId',
      { sessionId: '123e4567-e89b-12d3-a456-426614174000' },
      ['--session-id=123e4567-e89b-12d3-a456-426614174000'],
    ],
    ['settings (path)', { settings: '/etc/claude/settings.json' }, ['--settings', '/etc/claude/settings.json']],
    ['settings (object)', { settings: { env: { A: '1' } } }, ['--settings', '{"env":{"A":"1"}}']],
    ['additionalDirectories', { additionalDirectories: ['/a', '/b c'] }, ['--add-dir=/a', '--add-dir=/b c']],
    [
      'betas',
      { betas: ['context-1m-2025-08-07', 'x' as 'context-1m-2025-08-07'] },
      ['--betas=context-1m-2025-08-07,x'],
    ],
    [
      'outputFormat',
      { outputFormat: { type: 'json_schema', schema: { type: 'object', required: ['a'] } } },
      ['--json-schema={"type":"object","required":["a"]}'],
    ],
    ['strictMcpConfig', { strictMcpConfig: true }, ['--strict-mcp-config']],
    [
      'extraArgs',
      { extraArgs: { debug: 'api,hooks', 'replay-user-messages': null } },
      ['--debug', 'api,hooks', '--replay-user-messages'],
    ],
  ])('maps %s', (_name, options, expected) => {
    expect(flags(options)).toEqual(expected);
  });

  it('passes settingSources, an empty value for [], and no flag at all when they are not given', () => {
    expect(buildCliArgs({ settingSources: ['user', 'project'] })).toContain('--setting-sources=user,project');
    expect(buildCliArgs({ settingSources: [] })).toContain('--setting-sources=');
    expect(buildCliArgs({}).some((arg) => arg.startsWith('--setting-sources'))).toBe(false);
  });

  it('adds --permission-prompt-tool=stdio only when canUseTool is a function', () => {
    expect(flags({ canUseTool: async () => ({ behavior: 'deny', message: 'no' }) })).toEqual([
      '--permission-prompt-tool=stdio',
    ]);
    expect(flags({})).not.toContain('--permission-prompt-tool=stdio');
  });

  it('keeps a value starting with - inside its --flag=value element', () => {
    const args = buildCliArgs({ model: '-x', resume: '--dangerously-skip-permissions', allowedTools: ['-rf'] });
    expect(args).toContain('--model=-x');
    expect(args).toContain('--resume=--dangerously-skip-permissions');
    expect(args).toContain('--allowedTools=-rf');
    expect(args).not.toContain('-x');
    expect(args).not.toContain('--dangerously-skip-permissions');
  });

  it("with mcpServersDelivery 'argv', puts external MCP servers in --mcp-config <json> and never an SDK server or an instance", () => {
    const args = buildCliArgs({
      mcpServersDelivery: 'argv',
      mcpServers: {
        calc: sdkServer,
        files: { command: 'npx', args: ['-y', 'files-mcp'], env: { TOKEN: 't' } },
        docs: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        events: { type: 'sse', url: 'http://localhost:8080/sse' },
      },
    });
    const at = args.indexOf('--mcp-config');
    expect(args.filter((arg) => arg.startsWith('--mcp-config'))).toHaveLength(1);
    expect(JSON.parse(args[at + 1]!)).toEqual({
      mcpServers: {
        files: { command: 'npx', args: ['-y', 'files-mcp'], env: { TOKEN: 't' } },
        docs: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        events: { type: 'sse', url: 'http://localhost:8080/sse' },
      },
    });
    const all = args.join(' ');
    expect(all).not.toContain('calc');
    expect(all).not.toContain('instance');
    expect(all).not.toContain('in-process object');
    expect(args).not.toContain('--await-initialize');
  });

  it("by default ('initialize') puts no MCP server config on argv, only --await-initialize", () => {
    const mcpServers = {
      calc: sdkServer,
      files: { command: 'npx', args: ['-y', 'files-mcp'], env: { TOKEN: 'sk-env-secret' } },
      docs: { type: 'http' as const, url: 'https://example.com/mcp', headers: { Authorization: 'Bearer sk-header' } },
    };
    for (const options of [{ mcpServers }, { mcpServers, mcpServersDelivery: 'initialize' as const }]) {
      const args = buildCliArgs(options);
      expect(args).toEqual([...BASE, '--await-initialize']);
      const all = args.join(' ');
      for (const secret of ['sk-env-secret', 'sk-header', 'files-mcp', 'example.com'])
        expect(all).not.toContain(secret);
    }
  });

  it('adds no --await-initialize when every server is an SDK server', () => {
    expect(buildCliArgs({ mcpServers: { calc: sdkServer } })).not.toContain('--await-initialize');
  });

  it('adds no --mcp-config when every server is an SDK server', () => {
    expect(flags({ mcpServers: { calc: sdkServer } })).toEqual([]);
    expect(flags({ mcpServers: {} })).toEqual([]);
  });

  it('drops a stray instance from an external server config', () => {
    const config = { type: 'stdio' as const, command: 'srv', instance: { leaked: true } };
    const args = buildCliArgs({ mcpServers: { srv: config }, mcpServersDelivery: 'argv' });
    expect(args.join(' ')).toContain('"command":"srv"');
    expect(args.join(' ')).not.toContain('leaked');
  });

  it('puts nothing of systemPrompt, agents, hooks or canUseTool callbacks on argv', () => {
    const args = buildCliArgs({
      systemPrompt: 'SECRET PROMPT',
      agents: { reviewer: { description: 'SECRET AGENT', prompt: 'SECRET AGENT PROMPT' } },
      hooks: { PreToolUse: [{ hooks: [async () => ({})] }] },
    });
    expect(args).toEqual(BASE);
  });

  it('with sessionStore adds --session-mirror (as captured: after --setting-sources) and sends no --continue', () => {
    const sessionStore = { append: async () => {}, load: async () => null };
    expect(buildCliArgs({ sessionStore, settingSources: [] })).toEqual([
      ...BASE_CLI_ARGS,
      '--setting-sources=',
      '--session-mirror',
    ]);
    expect(buildCliArgs({ sessionStore, resume: 'abc', settingSources: [] })).toEqual([
      ...BASE_CLI_ARGS,
      '--resume=abc',
      '--setting-sources=',
      '--session-mirror',
    ]);
    expect(buildCliArgs({ sessionStore, continue: true })).not.toContain('--continue');
    expect(buildCliArgs({ continue: true })).toContain('--continue');
  });

  it('does not change the options it is given', () => {
    const options: Options = { allowedTools: ['Read'], mcpServers: { s: { command: 'x' } } };
    const snapshot = structuredClone(options);
    buildCliArgs(options);
    expect(options).toEqual(snapshot);
  });
});

describe('buildCliArgs validation', () => {
  it('accepts sessionId with resume or continue together with forkSession, and maxTurns 0', () => {
    const sessionId = '123e4567-e89b-12d3-a456-426614174000';
    expect(() => buildCliArgs({ resume: 's', forkSession: true, sessionId })).not.toThrow();
    expect(() => buildCliArgs({ continue: true, forkSession: true, sessionId })).not.toThrow();
    expect(() => buildCliArgs({ maxTurns: 0 })).not.toThrow();
  });

  // What the official SDK 0.3.332 takes and writes, recorded with a logging spawnClaudeCodeProcess;
  // CLI 2.1.332 runs each (the CLI decides: its lists of modes, efforts and displays grow).
  it.each<[string, Options, string[]]>([
    [
      'permissionMode the CLI added after this release',
      { permissionMode: 'manual' as never },
      ['--permission-mode=manual'],
    ],
    [
      'bypassPermissions without the opt-in',
      { permissionMode: 'bypassPermissions' },
      ['--permission-mode=bypassPermissions'],
    ],
    ['maxTurns negative', { maxTurns: -1 }, ['--max-turns=-1']],
    ['maxTurns fractional', { maxTurns: 1.5 }, ['--max-turns=1.5']],
    ['maxBudgetUsd infinite', { maxBudgetUsd: Number.POSITIVE_INFINITY }, ['--max-budget-usd=Infinity']],
    ['maxThinkingTokens negative', { maxThinkingTokens: -1 }, ['--max-thinking-tokens=-1']],
    ['maxThinkingTokens fractional', { maxThinkingTokens: 0.5 }, ['--max-thinking-tokens=0.5']],
    ['thinking unknown type', { thinking: { type: 'deep' } as never }, []],
    ['thinking budget 0', { thinking: { type: 'enabled', budgetTokens: 0 } }, ['--max-thinking-tokens=0']],
    [
      'thinking display the CLI added',
      { thinking: { type: 'adaptive', display: 'highlights' } as never },
      ['--thinking=adaptive', '--thinking-display=highlights'],
    ],
    ['effort unknown', { effort: 'extreme' as never }, ['--effort=extreme']],
    ['betas with a comma', { betas: ['a,b' as never] }, ['--betas=a,b']],
    ['outputFormat without schema', { outputFormat: { type: 'json_schema' } as never }, []],
    ['allowedTools with a comma', { allowedTools: ['Bash(a,b)'] }, ['--allowedTools=Bash(a,b)']],
    ['allowedTools empty name', { allowedTools: [''] }, ['--allowedTools=']],
    ['tools bad preset', { tools: { type: 'preset', preset: 'other' } as never }, ['--tools=default']],
    ['additionalDirectories empty', { additionalDirectories: [''] }, ['--add-dir=']],
    ['projectConfigRoot empty', { projectConfigRoot: '' }, ['--project-config-root=']],
    ['plugins empty path', { plugins: [{ type: 'local', path: '' }] }, ['--plugin-dir=']],
    ['extraArgs number', { extraArgs: { 'max-turns': 3 as never } }, ['--max-turns', '3']],
    ['managedSettings a string', { managedSettings: '{}' as never }, ['--managed-settings', '"{}"']],
    ['sandbox not an object', { sandbox: true as never }, ['--settings', '{"sandbox":{}}']],
    ['continue with resume (the CLI continues)', { continue: true, resume: 's' }, ['--continue', '--resume=s']],
    [
      'an external MCP server the official does not check',
      { mcpServers: { 'bad name': { type: 'bogus' } as never }, mcpServersDelivery: 'argv' },
      ['--mcp-config', '{"mcpServers":{"bad name":{"type":"bogus"}}}'],
    ],
    [
      'empty strings, no flag',
      {
        model: '',
        fallbackModel: '',
        agent: '',
        resume: '',
        resumeSessionAt: '',
        sessionId: '',
        debugFile: '',
        settings: '',
        permissionPromptToolName: '',
        effort: '' as never,
      },
      [],
    ],
  ])('passes on %s as the official SDK does', (_name, options, expected) => {
    expect(flags(options)).toEqual(expected);
  });

  it.each<[string, Options, string]>([
    ['maxBudgetUsd 0', { maxBudgetUsd: 0 }, 'maxBudgetUsd'],
    ['maxBudgetUsd NaN', { maxBudgetUsd: Number.NaN }, 'maxBudgetUsd'],
    ['maxMessageBytes 0', { maxMessageBytes: 0 }, 'maxMessageBytes'],
    [
      'canUseTool with permissionPromptToolName',
      { canUseTool: async () => ({ behavior: 'allow' }), permissionPromptToolName: 'mcp__x__y' },
      'permissionPromptToolName',
    ],
    ['allowedTools not an array', { allowedTools: 'Read' as never }, 'allowedTools'],
    ['settingSources not an array', { settingSources: 'user' as never }, 'settingSources'],
    ['mcpServersDelivery unknown', { mcpServersDelivery: 'stdin' as never }, 'mcpServersDelivery'],
    ['sessionId not a UUID', { sessionId: 'not-a-uuid' }, 'sessionId'],
    ['resumeSessionAt without resume', { resumeSessionAt: 'm' }, 'resumeSessionAt'],
    ['extraArgs bad key', { extraArgs: { '--debug': null } }, 'extraArgs.--debug'],
    ['extraArgs key with =', { extraArgs: { 'a=b': 'c' } }, 'extraArgs.a=b'],
    ['extraArgs reserved', { extraArgs: { 'output-format': 'text' } }, 'extraArgs.output-format'],
    ['extraArgs not an object', { extraArgs: 'x' as never }, 'extraArgs'],
    ['fallbackModel same as model', { model: 'opus', fallbackModel: 'opus' }, 'fallbackModel'],
    [
      'sessionId with resume but no forkSession (a CLI startup error otherwise)',
      { resume: 's', sessionId: '123e4567-e89b-12d3-a456-426614174000' },
      'sessionId',
    ],
    [
      'sessionId with continue but no forkSession',
      { continue: true, sessionId: '123e4567-e89b-12d3-a456-426614174000' },
      'sessionId',
    ],
    ['sandbox with a settings file path', { settings: '/etc/settings.json', sandbox: { enabled: true } }, 'sandbox'],
    ['sandbox with settings that are not JSON', { settings: '{not json}', sandbox: { enabled: true } }, 'settings'],
    ['skills bad value', { skills: 'some' as never }, 'skills'],
    ['skills empty name', { skills: [''] }, 'skills[0]'],
    ['skills padded name', { skills: [' greet'] }, 'skills[0]'],
    ['skills with parentheses', { skills: ['a(b)'] }, 'skills[0]'],
    ['skills wildcard', { skills: ['*'] }, 'skills[0]'],
    ['skills plugin wildcard', { skills: ['plug:*'] }, 'skills[0]'],
    ['skills slash command', { skills: ['/greet'] }, 'skills[0]'],
    ['skills trailing backslash', { skills: ['a\\'] }, 'skills[0]'],
    ['taskBudget not positive', { taskBudget: { total: 0 } }, 'taskBudget.total'],
    ['plugins not local', { plugins: [{ type: 'remote', path: 'x' } as never] }, 'plugins[0]'],
    ['plugins not an array', { plugins: 'x' as never }, 'plugins'],
    ['resumeDropsTurn without resumeSessionAt', { resume: 's', resumeDropsTurn: 'u' }, 'resumeDropsTurn'],
    ['executableArgs not an array', { executableArgs: '--x' as never }, 'executableArgs'],
    ['spawnClaudeCodeProcess not a function', { spawnClaudeCodeProcess: 'spawn' as never }, 'spawnClaudeCodeProcess'],
  ])('rejects %s', (_name, options, option) => {
    const error = invalid(options);
    expect(error.option).toBe(option);
    expect(error.message).toContain(option);
  });
});
