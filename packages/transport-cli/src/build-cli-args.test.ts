import { InvalidOptionError, type Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { BASE_CLI_ARGS, buildCliArgs } from './build-cli-args.js';

const BASE = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];

/** The flags after the base arguments and the default `--setting-sources=`. */
function flags(options: Options): string[] {
  const args = buildCliArgs(options);
  expect(args.slice(0, BASE.length)).toEqual(BASE);
  return args.slice(BASE.length).filter((arg) => arg !== '--setting-sources=');
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
  it('starts every command line like the captured sessions, and loads no settings by default', () => {
    expect(BASE_CLI_ARGS).toEqual(BASE);
    expect(buildCliArgs({})).toEqual([...BASE, '--setting-sources=']);
  });

  it('matches the argv of a captured session', () => {
    // captures/03-can-use-tool-and-hooks.jsonl, plus the explicit empty setting sources.
    const args = buildCliArgs({
      maxTurns: 3,
      model: 'claude-sonnet-4-5',
      canUseTool: async () => ({ behavior: 'allow' }),
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
    ['maxThinkingTokens', { maxThinkingTokens: 0 }, ['--max-thinking-tokens=0']],
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
    ['settings (path)', { settings: '/etc/claude/settings.json' }, ['--settings=/etc/claude/settings.json']],
    ['settings (object)', { settings: { env: { A: '1' } } }, ['--settings={"env":{"A":"1"}}']],
    ['additionalDirectories', { additionalDirectories: ['/a', '/b c'] }, ['--add-dir=/a', '--add-dir=/b c']],
    ['betas', { betas: ['context-1m-2025-08-07', 'x'] }, ['--betas=context-1m-2025-08-07,x']],
    [
      'outputFormat',
      { outputFormat: { type: 'json_schema', schema: { type: 'object', required: ['a'] } } },
      ['--json-schema={"type":"object","required":["a"]}'],
    ],
    ['strictMcpConfig', { strictMcpConfig: true }, ['--strict-mcp-config']],
    [
      'extraArgs',
      { extraArgs: { debug: 'api,hooks', 'replay-user-messages': null } },
      ['--debug=api,hooks', '--replay-user-messages'],
    ],
  ])('maps %s', (_name, options, expected) => {
    expect(flags(options)).toEqual(expected);
  });

  it('passes settingSources, and an empty value when they are not given', () => {
    expect(buildCliArgs({ settingSources: ['user', 'project'] })).toContain('--setting-sources=user,project');
    expect(buildCliArgs({ settingSources: [] })).toContain('--setting-sources=');
    expect(buildCliArgs({})).toContain('--setting-sources=');
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

  it("with mcpServersDelivery 'argv', puts external MCP servers in --mcp-config and never an SDK server or an instance", () => {
    const args = buildCliArgs({
      mcpServersDelivery: 'argv',
      mcpServers: {
        calc: sdkServer,
        files: { command: 'npx', args: ['-y', 'files-mcp'], env: { TOKEN: 't' } },
        docs: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        events: { type: 'sse', url: 'http://localhost:8080/sse' },
      },
    });
    const mcp = args.filter((arg) => arg.startsWith('--mcp-config='));
    expect(mcp).toHaveLength(1);
    expect(JSON.parse(mcp[0]!.slice('--mcp-config='.length))).toEqual({
      mcpServers: {
        files: { type: 'stdio', command: 'npx', args: ['-y', 'files-mcp'], env: { TOKEN: 't' } },
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
      expect(args).toEqual([...BASE, '--await-initialize', '--setting-sources=']);
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
    expect(args).toEqual([...BASE, '--setting-sources=']);
  });

  it('does not change the options it is given', () => {
    const options: Options = { allowedTools: ['Read'], mcpServers: { s: { command: 'x' } } };
    const snapshot = structuredClone(options);
    buildCliArgs(options);
    expect(options).toEqual(snapshot);
  });
});

describe('buildCliArgs validation', () => {
  it.each<[string, Options, string]>([
    ['maxTurns 0', { maxTurns: 0 }, 'maxTurns'],
    ['maxTurns fractional', { maxTurns: 1.5 }, 'maxTurns'],
    ['maxTurns negative', { maxTurns: -1 }, 'maxTurns'],
    ['maxBudgetUsd 0', { maxBudgetUsd: 0 }, 'maxBudgetUsd'],
    ['maxBudgetUsd infinite', { maxBudgetUsd: Number.POSITIVE_INFINITY }, 'maxBudgetUsd'],
    ['maxBudgetUsd NaN', { maxBudgetUsd: Number.NaN }, 'maxBudgetUsd'],
    ['maxThinkingTokens negative', { maxThinkingTokens: -1 }, 'maxThinkingTokens'],
    ['maxThinkingTokens fractional', { maxThinkingTokens: 0.5 }, 'maxThinkingTokens'],
    ['maxMessageBytes 0', { maxMessageBytes: 0 }, 'maxMessageBytes'],
    ['permissionMode unknown', { permissionMode: 'yolo' as never }, 'permissionMode'],
    ['bypassPermissions without the opt-in', { permissionMode: 'bypassPermissions' }, 'permissionMode'],
    [
      'canUseTool with permissionPromptToolName',
      { canUseTool: async () => ({ behavior: 'allow' }), permissionPromptToolName: 'mcp__x__y' },
      'permissionPromptToolName',
    ],
    ['settingSources unknown', { settingSources: ['user', 'global' as never] }, 'settingSources[1]'],
    ['allowedTools empty name', { allowedTools: ['Read', ''] }, 'allowedTools[1]'],
    ['allowedTools comma', { allowedTools: ['Read,Write'] }, 'allowedTools[0]'],
    ['allowedTools newline', { allowedTools: ['Read\n--evil'] }, 'allowedTools[0]'],
    ['disallowedTools comma', { disallowedTools: ['a,b'] }, 'disallowedTools[0]'],
    ['tools bad preset', { tools: { type: 'preset', preset: 'other' } as never }, 'tools'],
    ['mcp server name', { mcpServers: { 'bad name': { command: 'x' } } }, 'mcpServers.bad name'],
    [
      'mcp server name too long',
      { mcpServers: { ['a'.repeat(65)]: { command: 'x' } } },
      `mcpServers.${'a'.repeat(65)}`,
    ],
    ['stdio without command', { mcpServers: { s: { type: 'stdio', command: '' } } }, 'mcpServers.s.command'],
    ['stdio bad args', { mcpServers: { s: { command: 'x', args: [1] as never } } }, 'mcpServers.s.args'],
    ['http bad url', { mcpServers: { h: { type: 'http', url: 'not a url' } } }, 'mcpServers.h.url'],
    ['sse non-http url', { mcpServers: { h: { type: 'sse', url: 'file:///etc/passwd' } } }, 'mcpServers.h.url'],
    ['unknown server type', { mcpServers: { h: { type: 'ws', url: 'ws://x' } as never } }, 'mcpServers.h.type'],
    ['mcpServersDelivery unknown', { mcpServersDelivery: 'stdin' as never }, 'mcpServersDelivery'],
    ['resume empty', { resume: '' }, 'resume'],
    ['sessionId empty', { sessionId: '' }, 'sessionId'],
    ['sessionId not a UUID', { sessionId: 'not-a-uuid' }, 'sessionId'],
    ['resumeSessionAt without resume', { resumeSessionAt: 'm' }, 'resumeSessionAt'],
    ['continue with resume', { continue: true, resume: 's' }, 'continue'],
    ['extraArgs bad key', { extraArgs: { '--debug': null } }, 'extraArgs.--debug'],
    ['extraArgs key with =', { extraArgs: { 'a=b': 'c' } }, 'extraArgs.a=b'],
    ['extraArgs reserved', { extraArgs: { 'output-format': 'text' } }, 'extraArgs.output-format'],
    ['model empty', { model: '' }, 'model'],
    ['fallbackModel same as model', { model: 'opus', fallbackModel: 'opus' }, 'fallbackModel'],
    ['additionalDirectories empty', { additionalDirectories: [''] }, 'additionalDirectories[0]'],
    ['outputFormat without schema', { outputFormat: { type: 'json_schema' } as never }, 'outputFormat'],
    ['executable unknown', { executable: 'python' as never }, 'executable'],
    ['cwd empty', { cwd: '' }, 'cwd'],
  ])('rejects %s', (_name, options, option) => {
    const error = invalid(options);
    expect(error.option).toBe(option);
    expect(error.message).toContain(option);
  });
});
