/**
 * The control methods through a whole Session on the in-memory fake transport: the exact frame
 * each writes and the mapped answer, error answers, calls before `initialize` and after close,
 * in-process servers added and removed by `setMcpServers`, `commands_changed`, `reinitialize`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { collectMessages as collect, deferred, FakeMcpServer, FakeTransport, flush } from '../../test/helpers/fakes.js';
import { INIT_RESPONSE, sessionHarness } from '../../test/helpers/session-harness.js';
import { AbortError } from '../errors/abort-error.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import type { McpServerFactory } from '../ports/mcp-server-port.js';
import { Session } from './session.js';

const { makeSession, runningSession } = sessionHarness();

const others: Session[] = [];
afterEach(async () => {
  for (const session of others.splice(0)) await session.close();
});

type Call = (session: Session) => Promise<unknown>;

describe('Session control requests on the wire', () => {
  it.each<[string, Call, Record<string, unknown>, Record<string, unknown>, unknown]>([
    ['interrupt', (s) => s.interrupt(), { subtype: 'interrupt' }, { still_queued: [] }, { still_queued: [] }],
    [
      'setPermissionMode',
      (s) => s.setPermissionMode('plan'),
      { subtype: 'set_permission_mode', mode: 'plan' },
      { mode: 'plan' },
      { mode: 'plan' },
    ],
    [
      'setMcpPermissionModeOverride',
      (s) => s.setMcpPermissionModeOverride('ext', 'auto'),
      { subtype: 'set_mcp_permission_mode_override', serverName: 'ext', mode: 'auto' },
      {},
      {},
    ],
    [
      'setModel',
      (s) => s.setModel('sonnet'),
      { subtype: 'set_model', model: 'sonnet' },
      { model: 'sonnet' },
      undefined,
    ],
    [
      'setMaxThinkingTokens',
      (s) => s.setMaxThinkingTokens(2000, 'summarized'),
      { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 2000, thinking_display: 'summarized' },
      {},
      undefined,
    ],
    [
      'applyFlagSettings',
      (s) => s.applyFlagSettings({ model: null }),
      { subtype: 'apply_flag_settings', settings: { model: null } },
      {},
      undefined,
    ],
    [
      'updateSettings',
      (s) => s.updateSettings('localSettings', { outputStyle: 'Explanatory' }),
      { subtype: 'update_settings', source: 'localSettings', settings: { outputStyle: 'Explanatory' } },
      {},
      undefined,
    ],
    [
      'getContextUsage',
      (s) => s.getContextUsage({ detail: 'summary' }),
      { subtype: 'get_context_usage', detail: 'summary' },
      { totalTokens: 2067 },
      { totalTokens: 2067 },
    ],
    [
      'usage_EXPERIMENTAL',
      (s) => s.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true }),
      { subtype: 'get_usage', skip_behaviors: true },
      { behaviors: null },
      { behaviors: null },
    ],
    [
      'readFile',
      (s) => s.readFile('a.txt', { maxBytes: 4 }),
      { subtype: 'read_file', path: 'a.txt', max_bytes: 4 },
      { contents: 'hell', absPath: '/cwd/a.txt', truncated: true },
      { contents: 'hell', absPath: '/cwd/a.txt', truncated: true },
    ],
    [
      'reloadPlugins',
      (s) => s.reloadPlugins({ refuseIfBusy: true }),
      { subtype: 'reload_plugins', refuse_if_busy: true },
      { error_count: 0 },
      { error_count: 0 },
    ],
    ['reloadSkills', (s) => s.reloadSkills(), { subtype: 'reload_skills' }, { skills: [] }, { skills: [] }],
    [
      'reloadOutputStyles',
      (s) => s.reloadOutputStyles(),
      { subtype: 'reload_output_styles' },
      { available_output_styles: ['default'] },
      { available_output_styles: ['default'] },
    ],
    [
      'rewindFiles',
      (s) => s.rewindFiles('u-1', { dryRun: true }),
      { subtype: 'rewind_files', user_message_id: 'u-1', dry_run: true },
      { canRewind: true, filesChanged: [] },
      { canRewind: true, filesChanged: [] },
    ],
    [
      'seedReadState',
      (s) => s.seedReadState('/a', 5),
      { subtype: 'seed_read_state', path: '/a', mtime: 5 },
      {},
      undefined,
    ],
    [
      'reconnectMcpServer',
      (s) => s.reconnectMcpServer('ext'),
      { subtype: 'mcp_reconnect', serverName: 'ext' },
      {},
      undefined,
    ],
    [
      'toggleMcpServer',
      (s) => s.toggleMcpServer('ext', false),
      { subtype: 'mcp_toggle', serverName: 'ext', enabled: false },
      {},
      undefined,
    ],
    [
      'readMcpResource',
      (s) => s.readMcpResource('ext', 'ui://ext/w'),
      { subtype: 'mcp_read_resource', serverName: 'ext', uri: 'ui://ext/w' },
      { contents: [] },
      { contents: [] },
    ],
    [
      'mcpServerStatus',
      (s) => s.mcpServerStatus(),
      { subtype: 'mcp_status' },
      { mcpServers: [{ name: 'ext', status: 'connected' }] },
      [{ name: 'ext', status: 'connected' }],
    ],
    [
      'setMcpServers',
      (s) => s.setMcpServers({ ext2: { command: 'node' } }),
      { subtype: 'mcp_set_servers', servers: { ext2: { command: 'node' } } },
      { added: ['ext2'], removed: [], errors: {} },
      { added: ['ext2'], removed: [], errors: {} },
    ],
    ['stopTask', (s) => s.stopTask('t1'), { subtype: 'stop_task', task_id: 't1' }, {}, undefined],
    ['backgroundTasks', (s) => s.backgroundTasks(), { subtype: 'background_tasks' }, {}, true],
  ])('%s writes its request and resolves with the mapped answer', async (_name, call, request, answer, expected) => {
    const { session, transport } = await runningSession();
    const pending = call(session);
    const subtype = request.subtype as string;
    const sent = await transport.waitForRequest(subtype);
    expect(sent).toEqual({ type: 'control_request', request_id: expect.any(String), request });
    await transport.answer(subtype, answer);
    expect(await pending).toEqual(expected);
  });

  it('an error answer rejects that call with ControlRequestError carrying errorCode; the session goes on', async () => {
    const { session, transport } = await runningSession();
    const pending = session.setPermissionMode('bogus' as 'plan');
    const { request_id } = await transport.waitForRequest('set_permission_mode');
    transport.emit({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id,
        error:
          'Cannot set permission mode: must be one of acceptEdits, auto, bypassPermissions, default, dontAsk, plan',
        error_code: 'invalid_mode',
      },
    });
    const error = await pending.catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ subtype: 'set_permission_mode', errorCode: 'invalid_mode' });
    expect((error as ControlRequestError).cliMessage).toContain('Cannot set permission mode');
    expect(session.isClosed).toBe(false);
  });

  it('a call made before initialize is written waits for it; local answers wait for the initialize answer', async () => {
    const { session, transport } = makeSession();
    const started = deferred();
    transport.startImpl = () => started.promise;
    const usage = session.getContextUsage();
    const account = session.accountInfo();
    void session.start();
    await flush();
    expect(transport.sent).toEqual([]);
    started.resolve();
    await transport.waitForRequest('get_context_usage');
    expect(transport.controlRequests().map((message) => message.request.subtype)).toEqual([
      'initialize',
      'get_context_usage',
    ]);
    await transport.answer('get_context_usage', { totalTokens: 1 });
    expect(await usage).toEqual({ totalTokens: 1 });
    let accountSeen = false;
    void account.then(() => {
      accountSeen = true;
    });
    await flush();
    expect(accountSeen).toBe(false);
    await transport.answer('initialize', { ...INIT_RESPONSE, account: { apiKeySource: 'ANTHROPIC_API_KEY' } });
    expect(await account).toEqual({ apiKeySource: 'ANTHROPIC_API_KEY' });
  });

  it('after close, the calls reject with AbortError (readFile resolves null), pending ones too', async () => {
    const { session, transport } = await runningSession();
    const pending = session.getContextUsage();
    await transport.waitForRequest('get_context_usage');
    await session.close();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    const calls: Call[] = [
      (s) => s.interrupt(),
      (s) => s.setModel('x'),
      (s) => s.applyFlagSettings({}),
      (s) => s.rewindFiles('u'),
      (s) => s.stopTask('t'),
      (s) => s.setMcpServers({}),
      (s) => s.setMcpServers({ calc: { type: 'sdk', name: 'calc', instance: {} } }),
      (s) => s.reinitialize(),
    ];
    for (const call of calls) await expect(call(session)).rejects.toBeInstanceOf(AbortError);
    expect(await session.readFile('a.txt')).toBeNull();
  });
});

describe('Session.setMcpServers with in-process servers', () => {
  function sessionWithFactory(calc: FakeMcpServer) {
    const made: FakeMcpServer[] = [];
    const createMcpServer: McpServerFactory = (name) => {
      const port = new FakeMcpServer(name);
      made.push(port);
      return port;
    };
    const transport = new FakeTransport();
    const session = new Session({ transport, mcpServers: [calc], createMcpServer });
    others.push(session);
    return { session, transport, made };
  }

  it('connects added servers (routing mcp_message to them), closes removed ones, and answers those with the official error', async () => {
    const calc = new FakeMcpServer('calc');
    const { session, transport, made } = sessionWithFactory(calc);
    await session.start();
    await transport.answer('initialize', INIT_RESPONSE);

    const set = session.setMcpServers({
      ext2: { command: 'node', args: ['server.mjs'] },
      calc2: { type: 'sdk', name: 'calc2', instance: {} },
    });
    const { request } = await transport.waitForRequest('mcp_set_servers');
    expect(request).toEqual({
      subtype: 'mcp_set_servers',
      servers: { ext2: { command: 'node', args: ['server.mjs'] }, calc2: { type: 'sdk', name: 'calc2' } },
    });
    // Connected and disconnected before the request is written.
    expect(calc.closeCalls).toBe(1);
    expect(made.map((port) => port.name)).toEqual(['calc2']);
    await transport.answer('mcp_set_servers', { added: ['calc2', 'ext2'], removed: ['calc'], errors: {} });
    expect(await set).toEqual({ added: ['calc2', 'ext2'], removed: ['calc'], errors: {} });

    // The CLI then runs the MCP handshake with the new server over mcp_message.
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };
    expect(await transport.ask('cli_1', { subtype: 'mcp_message', server_name: 'calc2', message: initialize })).toEqual(
      {
        subtype: 'success',
        request_id: 'cli_1',
        response: { mcp_response: { jsonrpc: '2.0', id: 0, result: { server: 'calc2' } } },
      },
    );
    expect(made[0]?.received.map((entry) => entry.message)).toEqual([initialize]);
    expect(
      await transport.ask('cli_2', {
        subtype: 'mcp_message',
        server_name: 'calc',
        message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      }),
    ).toEqual({ subtype: 'error', request_id: 'cli_2', error: 'SDK MCP server not found: calc' });
    expect(calc.received).toEqual([]);

    // Removing every server closes the added one at once and again at no later close.
    const none = session.setMcpServers({});
    await flush();
    const last = transport.controlRequests().at(-1);
    expect(last?.request).toEqual({ subtype: 'mcp_set_servers', servers: {} });
    transport.emit({ type: 'control_response', response: { subtype: 'success', request_id: last?.request_id } });
    expect(await none).toEqual({});
    expect(made[0]?.closeCalls).toBe(1);
    await session.close();
    expect(made[0]?.closeCalls).toBe(1);
    expect(calc.closeCalls).toBe(1);
  });

  it('reinitialize() sends the current in-process server names without manifests; the first answer stays', async () => {
    const calc = new FakeMcpServer('calc', {
      manifest: { initializeResult: { protocolVersion: 'x' }, toolsListResult: { tools: [] } },
    });
    const { session, transport } = sessionWithFactory(calc);
    await session.start();
    await transport.answer('initialize', INIT_RESPONSE);
    const set = session.setMcpServers({ calc2: { type: 'sdk', name: 'calc2', instance: {} } });
    await transport.answer('mcp_set_servers', { added: ['calc2'], removed: ['calc'], errors: {} });
    await set;

    const again = session.reinitialize();
    await flush();
    const requests = transport.controlRequests().filter((message) => message.request.subtype === 'initialize');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.request.sdkMcpServerManifests).toBeDefined();
    expect(requests[1]?.request).toEqual({ subtype: 'initialize', sdkMcpServers: ['calc2'], systemPrompt: [''] });
    transport.emit({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: requests[1]?.request_id,
        response: { ...INIT_RESPONSE, claude_code_version: '9.9.9' },
      },
    });
    expect((await again).claude_code_version).toBe('9.9.9');
    expect((await session.initializationResult()).claude_code_version).toBe('2.1.329');
  });
});

describe('Session.supportedCommands and commands_changed', () => {
  it('follows the latest system/commands_changed message, which still reaches the caller', async () => {
    const { session, transport } = await runningSession();
    expect(await session.supportedCommands()).toEqual(INIT_RESPONSE.commands);
    const commands = [{ name: 'review', description: 'Review the diff', argumentHint: '' }];
    const changed = { type: 'system', subtype: 'commands_changed', commands, uuid: 'u', session_id: 's' };
    transport.emit(changed);
    await flush();
    expect(await session.supportedCommands()).toEqual(commands);
    await session.close();
    expect((await collect(session)).messages).toEqual([changed]);
  });
});
