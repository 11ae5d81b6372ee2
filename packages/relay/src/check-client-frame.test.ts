import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkClientFrame } from './check-client-frame.js';
import { type RelayConfig, resolveRelayConfig } from './relay-config.js';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'hexagent-relay-frame-')));
mkdirSync(path.join(root, 'work'));
symlinkSync('/etc', path.join(root, 'escape'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const policy = (config: Partial<RelayConfig> = {}) =>
  resolveRelayConfig({ token: 'a-token-of-16-chars', cwdRoots: [root], ...config });
const DEFAULT = policy();
const check = (text: string, config = DEFAULT) => checkClientFrame(Buffer.from(text), config);
const line = (message: unknown) => JSON.stringify(message);
const control = (request: Record<string, unknown>, id = 'r1') =>
  line({ type: 'control_request', request_id: id, request });
const user = (content: unknown) =>
  line({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' });
const STDIO = { command: 'sh', args: ['-c', 'id'] };
/** The error the relay answered the client with, or undefined when the frame passed. */
const refusal = (text: string, config = DEFAULT): string | undefined => {
  const checked = check(text, config);
  if (checked.end !== undefined) return `end: ${checked.end}`;
  const answer = checked.answers[0];
  return answer === undefined ? undefined : String(JSON.parse(answer).response.error);
};

describe('checkClientFrame: reading a line as the CLI does', () => {
  it('passes each line re-encoded, skips blank ones, and reads a frame holding newlines as several lines', () => {
    const a = user('hi');
    const checked = check(`  ${a}\r\n\n \t\n\uFEFF${control({ subtype: 'interrupt' })}`);
    expect(checked).toEqual({
      forward: `${a}\n${control({ subtype: 'interrupt' })}\n`,
      answers: [],
      cwdRequests: [],
    });
  });

  it('reads escapes, a byte order mark and requestId as the CLI does, and screens what it read', () => {
    const escaped = control({ subtype: 'mcp_set_servers', servers: { fs: STDIO } })
      .replace('"control_request"', '"control_\\u0072equest"')
      .replace('"mcp_set_servers"', '"\\u006dcp_set_servers"');
    expect(refusal(escaped)).toMatch(/not allowed/);
    expect(refusal(`\uFEFF${control({ subtype: 'mcp_set_servers', servers: { fs: STDIO } })}`)).toMatch(/not allowed/);
    const camel = line({ type: 'control_request', requestId: 'c1', request: { subtype: 'nope' } });
    expect(JSON.parse(check(camel).answers[0] ?? '{}').response.request_id).toBe('c1');
    // The last of two keys is the one the CLI reads.
    const twice = control({ subtype: 'interrupt' }).replace(
      '"subtype":"interrupt"',
      '"subtype":"interrupt","subtype":"mcp_set_servers","servers":{"x":{"command":"sh"}}',
    );
    expect(refusal(twice)).toMatch(/not allowed/);
  });

  it('ends the connection on a line it cannot read, whatever came before it in the frame', () => {
    for (const bad of [
      `\uFEFF\uFEFF${user('x')}`,
      `\u00a0${user('x')}`,
      `${user('x')}${user('y')}`,
      `${user('x')} trailing`,
      `${user('x')}\u0000`,
      `${user('x')}\r${user('y')}`,
      '[1,2]',
      '"a string"',
      '{"type":"user"',
    ]) {
      const checked = check(`${user('first')}\n${bad}`);
      expect(checked.end, JSON.stringify(bad)).toMatch(/cannot read/);
      expect(checked.forward).toBe('');
    }
  });

  it('refuses a type a client does not send, and passes keep_alive and control_cancel_request', () => {
    expect(refusal(line({ type: 'bash_command', command: 'id' }))).toMatch(/^end: .*bash_command/);
    expect(refusal(line({ type: 'assistant', message: {} }))).toMatch(/^end:/);
    expect(refusal(line({ type: 'keep_alive' }))).toBeUndefined();
    expect(refusal(line({ type: 'control_cancel_request', request_id: 'x' }))).toBeUndefined();
  });
});

describe('checkClientFrame: control requests', () => {
  it('passes the subtypes that change nothing the relay decides on, refuses the others and unknown ones', () => {
    for (const subtype of ['interrupt', 'mcp_status', 'get_context_usage', 'rewind_files', 'mcp_toggle']) {
      expect(refusal(control({ subtype })), subtype).toBeUndefined();
    }
    for (const subtype of [
      'claim_session',
      'register_repo_root',
      'start_shell_task',
      'oauth_token_refresh',
      'made_up',
    ]) {
      expect(refusal(control({ subtype })), subtype).toMatch(/is not passed by this relay/);
    }
    expect(
      refusal(control({ subtype: 'register_repo_root' }), policy({ allowedControlSubtypes: ['register_repo_root'] })),
    ).toBeUndefined();
    expect(refusal(control({ subtype: 7 }))).toMatch(/string subtype/);
  });

  it('judges the permission mode, the model and thinking tokens as their flags', () => {
    expect(refusal(control({ subtype: 'set_permission_mode', mode: 'plan' }))).toBeUndefined();
    for (const mode of ['acceptEdits', 'bypassPermissions', 'auto']) {
      expect(refusal(control({ subtype: 'set_permission_mode', mode }))).toMatch(/--permission-mode is not allowed/);
    }
    const models = policy({ allowedFlagValues: { model: ['claude-haiku-4-5'] } });
    expect(refusal(control({ subtype: 'set_model', model: 'claude-haiku-4-5' }), models)).toBeUndefined();
    expect(refusal(control({ subtype: 'set_model', model: 'opus' }), models)).toMatch(/--model/);
    expect(refusal(control({ subtype: 'set_model' }), models)).toBeUndefined();
    const noThinking = policy({ allowedFlags: ['output-format', 'verbose', 'input-format'] });
    expect(refusal(control({ subtype: 'set_max_thinking_tokens', max_thinking_tokens: 100 }), noThinking)).toMatch(
      /--max-thinking-tokens/,
    );
  });

  it('refuses settings, plugins and sub-agents in a refused mode unless their flags are allowed', () => {
    expect(refusal(control({ subtype: 'apply_flag_settings', settings: { model: 'x' } }))).toMatch(/settings/);
    expect(refusal(control({ subtype: 'update_settings', source: 'userSettings', settings: {} }))).toMatch(/settings/);
    const settings = policy({ allowedFlags: ['settings'] });
    expect(refusal(control({ subtype: 'apply_flag_settings', settings: {} }), settings)).toBeUndefined();
    expect(refusal(control({ subtype: 'reload_plugins', add_plugins: [{ type: 'local', path: '/tmp/p' }] }))).toMatch(
      /--plugin-dir/,
    );
    expect(refusal(control({ subtype: 'reload_plugins' }))).toBeUndefined();
    expect(refusal(control({ subtype: 'initialize', plugins: [{ type: 'local', path: '/tmp/p' }] }))).toMatch(
      /--plugin-dir/,
    );
    const agent = (fields: Record<string, unknown>) =>
      control({ subtype: 'initialize', agents: { a: { description: 'd', prompt: 'p', ...fields } } });
    expect(refusal(agent({ permissionMode: 'acceptEdits' }))).toMatch(/agent "a": permissionMode/);
    expect(refusal(agent({ permissionMode: 'plan', model: 'inherit' }))).toBeUndefined();
    expect(refusal(agent({ mcpServers: ['calc', { git: STDIO }] }))).toMatch(/"git" \(stdio\)/);
  });

  it('checks MCP server names as the CLI does: __proto__ is no entry it can hide behind', () => {
    const servers = '{"__proto__":{"type":"stdio","command":"sh"}}';
    const raw = `{"type":"control_request","request_id":"r1","request":{"subtype":"mcp_set_servers","servers":${servers}}}`;
    expect(refusal(raw, policy({ allowClientMcpServers: 'all' }))).toMatch(/"__proto__" is reserved/);
    const sdk = '{"__proto__":{"type":"sdk","name":"x"}}';
    expect(refusal(raw.replace(servers, sdk))).toMatch(/reserved/);
    for (const name of ['constructor', 'prototype', '__defineGetter__', 'a.b', 'a b', '']) {
      expect(
        refusal(control({ subtype: 'mcp_set_servers', servers: { [name]: { type: 'sdk', name } } })),
        name,
      ).toBeDefined();
    }
    expect(
      refusal(control({ subtype: 'mcp_set_servers', servers: { 'calc_2-x': { type: 'sdk', name: 'c' } } })),
    ).toBeUndefined();
    expect(refusal(control({ subtype: 'initialize', sdkMcpServers: ['__proto__'] }))).toMatch(/reserved/);
  });

  it('set_cwd: only an absolute path inside the roots, sent resolved; the lines after it wait', () => {
    expect(refusal(control({ subtype: 'set_cwd', path: '/etc' }))).toMatch(
      /not an absolute path inside an allowed root/,
    );
    expect(refusal(control({ subtype: 'set_cwd', path: path.join(root, 'escape') }))).toMatch(/inside an allowed root/);
    expect(refusal(control({ subtype: 'set_cwd', path: 'work' }))).toMatch(/absolute/);
    expect(refusal(control({ subtype: 'set_cwd', path: '/tmp' }), policy({ cwdRoots: [] }))).toMatch(/no cwdRoots/);
    const after = user('next');
    const checked = check(`${control({ subtype: 'set_cwd', path: ` ${root}/work/../work ` })}\n${after}`);
    expect(JSON.parse(checked.forward).request.path).toBe(path.join(root, 'work'));
    expect(checked).toMatchObject({ cwdRequests: ['r1'], rest: after });
  });
});

describe('checkClientFrame: what else a line can change', () => {
  it('update_environment_variables: each variable must be allowed, as in a hello', () => {
    const update = (variables: unknown) => line({ type: 'update_environment_variables', request_id: 'e1', variables });
    expect(refusal(update({ CLAUDE_CODE_OAUTH_TOKEN: 'x' }))).toMatch(/CLAUDE_CODE_OAUTH_TOKEN is not allowed/);
    expect(refusal(update({ CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' }))).toBeUndefined();
    expect(refusal(line({ type: 'update_environment_variables', variables: { X: 'y' } }))).toMatch(/^end:/);
  });

  it('slash commands: /config key=value, /model and /add-dir as their flags; others pass', () => {
    expect(refusal(user('/config permissionMode=acceptEdits'))).toMatch(/^end: slash command \/config/);
    expect(
      refusal(
        user([
          { type: 'text', text: 'hi' },
          { type: 'text', text: ' /config theme=dark' },
        ]),
      ),
    ).toMatch(/\/config/);
    expect(refusal(user('/config'))).toBeUndefined();
    expect(refusal(user('/config theme=dark'), policy({ allowedFlags: ['settings'] }))).toBeUndefined();
    expect(refusal(user('/model opus'), policy({ allowedFlagValues: { model: ['sonnet'] } }))).toMatch(/--model/);
    expect(refusal(user('/add-dir /etc'))).toMatch(/--add-dir/);
    expect(refusal(user('/compact'))).toBeUndefined();
    expect(refusal(user('please run /config later'))).toBeUndefined();
  });

  it('permission updates in an answer: setMode and addDirectories as their flags, wherever they are', () => {
    const answer = (response: unknown) =>
      line({ type: 'control_response', response: { subtype: 'success', request_id: 'p1', response } });
    const allow = (updatedPermissions: unknown[]) => ({ behavior: 'allow', updatedInput: {}, updatedPermissions });
    expect(refusal(answer(allow([{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }])))).toMatch(
      /^end: permission update setMode/,
    );
    expect(refusal(answer(allow([{ type: 'addDirectories', directories: ['/'], destination: 'session' }])))).toMatch(
      /--add-dir/,
    );
    expect(
      refusal(
        answer(allow([{ type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' }])),
      ),
    ).toBeUndefined();
    const hook = {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: allow([{ type: 'setMode', mode: 'bypassPermissions' }]),
      },
    };
    expect(refusal(answer(hook))).toMatch(/setMode/);
    expect(refusal(answer(allow([{ type: 'setMode', mode: 'plan', destination: 'session' }])))).toBeUndefined();
  });
});
