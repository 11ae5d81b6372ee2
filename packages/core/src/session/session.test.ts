import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectMessages as collect,
  deferred,
  FakeMcpServer,
  FakeTransport,
  flush,
  resultMessage,
  setDefaultTransportMode,
  TRANSPORT_MODES,
  track,
} from '../../test/helpers/fakes.js';
import { AbortError } from '../errors/abort-error.js';
import { CliNotFoundError } from '../errors/cli-not-found-error.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import { ControlTimeoutError } from '../errors/control-timeout-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { ProcessError } from '../errors/process-error.js';
import type { McpHandleContext } from '../ports/mcp-server-port.js';
import type { HookCallback, HooksOptions } from '../types/hooks/hook-callback.js';
import type { HookInput } from '../types/hooks/hook-inputs.js';
import type { JsonRpcMessage, JsonRpcResponse } from '../types/mcp/json-rpc.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { Options } from '../types/options.js';
import type { CanUseTool, CanUseToolOptions } from '../types/permissions/can-use-tool.js';
import type { PermissionResult } from '../types/permissions/permission-result.js';
import { DEFAULT_PERMISSION_TIMEOUT_MS, Session } from './session.js';

// ---------------------------------------------------------------------------------------------
// helpers

const sessions: Session[] = [];

function makeSession(
  options: Options = {},
  servers: FakeMcpServer[] = [],
  transport: FakeTransport = new FakeTransport(),
): { session: Session; transport: FakeTransport; servers: FakeMcpServer[] } {
  const session = new Session({ transport, mcpServers: servers, options });
  sessions.push(session);
  return { session, transport, servers };
}

const INIT_RESPONSE = {
  commands: [{ name: 'compact', description: 'Compact the conversation' }],
  models: [{ value: 'sonnet', displayName: 'Sonnet' }],
  pid: 4242,
  claude_code_version: '2.1.329',
};

/** A session that has started and whose `initialize` got answered. */
async function runningSession(
  options: Options = {},
  servers: FakeMcpServer[] = [],
): Promise<{ session: Session; transport: FakeTransport; servers: FakeMcpServer[] }> {
  const harness = makeSession(options, servers);
  await harness.session.start();
  await harness.transport.answer('initialize', INIT_RESPONSE);
  await harness.session.initializationResult();
  return harness;
}

async function initializeRequest(transport: FakeTransport): Promise<Record<string, unknown>> {
  return (await transport.waitForRequest('initialize')).request;
}

const MANIFEST: McpServerManifest = {
  initializeResult: {
    protocolVersion: '2025-06-18',
    capabilities: { tools: {} },
    serverInfo: { name: 'calc', version: '1.0.0' },
  },
  toolsListResult: { tools: [{ name: 'add', inputSchema: { type: 'object' } }] },
};

afterEach(async () => {
  vi.useRealTimers();
  for (const session of sessions.splice(0)) await session.close();
});

// ---------------------------------------------------------------------------------------------

describe.each(TRANSPORT_MODES)('over a transport read with %s', (mode) => {
  beforeEach(() => setDefaultTransportMode(mode));
  afterAll(() => setDefaultTransportMode('messages'));

  describe('Session.start() and initialize', () => {
    it('starts the transport and sends initialize with hooks, SDK servers + manifests, system prompt and agents', async () => {
      const hooks: HooksOptions = {
        PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [vi.fn(async () => ({}))], timeout: 30 }],
        PostToolUse: [{ hooks: [vi.fn(async () => ({})), vi.fn(async () => ({}))] }],
      };
      const agents = { reviewer: { description: 'Reviews code', prompt: 'You review.', tools: ['Read'] } };
      const calc = new FakeMcpServer('calc', { manifest: MANIFEST });
      const notes = new FakeMcpServer('notes'); // no manifest: the CLI will run the handshake
      const { session, transport } = makeSession({ hooks, agents, systemPrompt: 'You are terse.' }, [calc, notes]);

      await session.start();

      expect(transport.startCalls).toBe(1);
      expect(transport.mode === 'subscribe' ? transport.subscribeCalls : transport.messagesCalls).toBe(1);
      expect(transport.mode === 'subscribe' ? transport.messagesCalls : transport.subscribeCalls).toBe(0);
      expect(transport.sent).toHaveLength(1);
      expect(transport.sent[0]).toEqual({
        type: 'control_request',
        request_id: expect.any(String),
        request: {
          subtype: 'initialize',
          hooks: {
            PreToolUse: [{ matcher: 'mcp__calc__.*', hookCallbackIds: ['hook_0'], timeout: 30 }],
            // A matcher without its own timeout gets hookTimeoutMs (default 10 min), in seconds.
            PostToolUse: [{ hookCallbackIds: ['hook_1', 'hook_2'], timeout: 600 }],
          },
          sdkMcpServers: ['calc', 'notes'],
          sdkMcpServerManifests: { calc: MANIFEST },
          systemPrompt: ['You are terse.'],
          agents,
        },
      });
    });

    it('gives every hook callback a distinct id', async () => {
      const hooks: HooksOptions = {
        PreToolUse: [{ hooks: [vi.fn(), vi.fn()] }, { matcher: 'Bash', hooks: [vi.fn()] }],
        Stop: [{ hooks: [vi.fn()] }],
      };
      const { session, transport } = makeSession({ hooks });
      await session.start();
      const payload = (await initializeRequest(transport)).hooks as Record<
        string,
        Array<{ hookCallbackIds: string[] }>
      >;
      const ids = Object.values(payload).flatMap((matchers) => matchers.flatMap((m) => m.hookCallbackIds));
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
    });

    it.each<[string, Options['systemPrompt'], Record<string, unknown>]>([
      ['undefined → [""]', undefined, { systemPrompt: [''] }],
      ['a string → [s]', 'Be brief.', { systemPrompt: ['Be brief.'] }],
      ['a list → as is', ['a', 'b'], { systemPrompt: ['a', 'b'] }],
      [
        'the preset with append → appendSystemPrompt',
        { type: 'preset', preset: 'claude_code', append: 'Extra.' },
        { appendSystemPrompt: 'Extra.' },
      ],
      ['the preset without append → nothing', { type: 'preset', preset: 'claude_code' }, {}],
    ])('systemPrompt %s', async (_name, systemPrompt, expected) => {
      const options: Options = systemPrompt === undefined ? {} : { systemPrompt };
      const { session, transport } = makeSession(options);
      await session.start();
      // No hooks, no servers, no agents: only the system prompt fields.
      expect(await initializeRequest(transport)).toEqual({ subtype: 'initialize', ...expected });
    });

    it('leaves out hooks whose matcher lists are empty', async () => {
      const { session, transport } = makeSession({ hooks: { PreToolUse: [] } });
      await session.start();
      expect(await initializeRequest(transport)).not.toHaveProperty('hooks');
    });

    it('sends sdkMcpServers without manifests when no server has one', async () => {
      const { session, transport } = makeSession({}, [new FakeMcpServer('a'), new FakeMcpServer('b')]);
      await session.start();
      const request = await initializeRequest(transport);
      expect(request.sdkMcpServers).toEqual(['a', 'b']);
      expect(request).not.toHaveProperty('sdkMcpServerManifests');
    });

    it('is idempotent: one transport start, one initialize', async () => {
      const { session, transport } = makeSession();
      await Promise.all([session.start(), session.start()]);
      await session.start();
      expect(transport.startCalls).toBe(1);
      expect(transport.controlRequests()).toHaveLength(1);
    });

    it('initializationResult() resolves with the CLI’s answer; supportedCommands/Models read it', async () => {
      const { session } = await runningSession();
      expect(await session.initializationResult()).toEqual(INIT_RESPONSE);
      expect(await session.supportedCommands()).toEqual(INIT_RESPONSE.commands);
      expect(await session.supportedModels()).toEqual(INIT_RESPONSE.models);
    });

    it('rejects an unknown hook event without leaving anything running', async () => {
      const transport = new FakeTransport();
      let error: unknown;
      try {
        const { session } = makeSession(
          { hooks: { NoSuchEvent: [{ hooks: [vi.fn()] }] } as HooksOptions },
          [],
          transport,
        );
        await session.start();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidOptionError);
      expect((error as InvalidOptionError).option).toBe('hooks.NoSuchEvent');
      expect(transport.isOpen).toBe(false);
      expect(transport.sent).toEqual([]);
    });

    it('rejects two MCP servers with the same name', () => {
      expect(() => makeSession({}, [new FakeMcpServer('x'), new FakeMcpServer('x')])).toThrow(InvalidOptionError);
    });
  });

  describe('Session user messages and the message stream', () => {
    it('sends a string as a user message', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('What is 2 + 2?');
      expect(transport.sent.at(-1)).toEqual({
        type: 'user',
        session_id: '',
        message: { role: 'user', content: 'What is 2 + 2?' },
        parent_tool_use_id: null,
      });
    });

    it('sends a message object with content blocks as is, filling in session_id and parent_tool_use_id', async () => {
      const { session, transport } = await runningSession();
      // A uuid of any shape and an unknown field: both must pass through as sent.
      const message = {
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        uuid: 'u-1',
        extra_field: 42,
      } as unknown as SDKUserMessageInput;
      await session.sendUserMessage(message);
      await session.sendUserMessage({ ...message, session_id: 'abc', parent_tool_use_id: 'toolu_1' });
      expect(transport.sent.slice(-2)).toEqual([
        { ...message, session_id: '', parent_tool_use_id: null },
        { ...message, session_id: 'abc', parent_tool_use_id: 'toolu_1' },
      ]);
    });

    it('may write the user message before initialize is answered, and starts the session itself', async () => {
      const { session, transport } = makeSession();
      await session.sendUserMessage('hello');
      expect(transport.sent.map((m) => m.type)).toEqual(['control_request', 'user']);
      expect(transport.sent[0]).toMatchObject({ request: { subtype: 'initialize' } });
    });

    it('yields every non-control message in order (unknown types and fields untouched), and no control message', async () => {
      const { session, transport } = makeSession();
      const collected = collect(session);
      await session.start();
      const { request_id: initId } = await transport.waitForRequest('initialize');
      const userFacing = [
        { type: 'system', subtype: 'init', session_id: 's1', tools: [], future_field: { x: 1 } },
        {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] },
          session_id: 's1',
        },
        { type: 'stream_event', event: { type: 'message_start' }, session_id: 's1' },
        { type: 'brand_new_type', payload: [1, 2, 3] },
        { type: 'user', message: { role: 'user', content: [] }, tool_use_result: { ok: true } },
        resultMessage(),
      ];
      transport.emit(userFacing[0] as SDKMessage);
      transport.emit({ type: 'control_response', response: { subtype: 'success', request_id: initId, response: {} } });
      transport.emit(userFacing[1] as SDKMessage);
      transport.emit({ type: 'control_request', request_id: 'cli_1', request: { subtype: 'unknown_subtype' } });
      transport.emit(userFacing[2] as SDKMessage);
      transport.emit({ type: 'control_cancel_request', request_id: 'cli_1' });
      transport.emit(userFacing[3] as SDKMessage);
      transport.emit(userFacing[4] as SDKMessage);
      transport.emit(userFacing[5] as SDKMessage);
      transport.endOutput();
      const { messages, error } = await collected;
      expect(error).toBeUndefined();
      expect(messages).toEqual(userFacing);
      // The unknown control request was answered with an error, not passed to the user.
      expect(await transport.waitForAnswer('cli_1')).toMatchObject({ subtype: 'error' });
    });

    it('ends messages() and closes everything when the CLI’s output ends', async () => {
      const server = new FakeMcpServer('calc');
      const { session, transport } = await runningSession({}, [server]);
      transport.emit({ type: 'assistant', message: {} });
      transport.endOutput();
      expect(await collect(session)).toEqual({ messages: [{ type: 'assistant', message: {} }], error: undefined });
      expect(session.isClosed).toBe(true);
      expect(transport.closeCalls).toBe(1);
      expect(server.closeCalls).toBe(1);
    });

    it('breaking out of messages() closes the session', async () => {
      const { session, transport } = await runningSession();
      transport.emit({ type: 'assistant', message: {} });
      for await (const _message of session.messages()) break;
      await flush();
      expect(session.isClosed).toBe(true);
      expect(transport.closeCalls).toBe(1);
    });
  });

  describe('Session mcp_message routing', () => {
    it('routes to the port named by server_name and answers {mcp_response}', async () => {
      const calc = new FakeMcpServer('calc');
      const notes = new FakeMcpServer('notes');
      const { transport } = await runningSession({}, [calc, notes]);
      const message = {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'add',
          arguments: { a: 1, b: 2 },
          _meta: { 'claudecode/toolUseId': 'toolu_1', progressToken: 2 },
        },
      };
      const answer = await transport.ask('cli_1', { subtype: 'mcp_message', server_name: 'notes', message });
      expect(answer).toEqual({
        subtype: 'success',
        request_id: 'cli_1',
        response: { mcp_response: { jsonrpc: '2.0', id: 2, result: { server: 'notes' } } },
      });
      expect(notes.received).toHaveLength(1);
      expect(notes.received[0]?.message).toEqual(message);
      expect(notes.received[0]?.context.signal).toBeInstanceOf(AbortSignal);
      expect(calc.received).toHaveLength(0);
    });

    it('answers a notification with {"jsonrpc":"2.0","result":{},"id":0}', async () => {
      const calc = new FakeMcpServer('calc');
      const { transport } = await runningSession({}, [calc]);
      const answer = await transport.ask('cli_1', {
        subtype: 'mcp_message',
        server_name: 'calc',
        message: { jsonrpc: '2.0', method: 'notifications/initialized' },
      });
      expect(answer).toEqual({
        subtype: 'success',
        request_id: 'cli_1',
        response: { mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } },
      });
      expect(calc.received.map((r) => r.message)).toEqual([{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
    });

    it('answers an unknown server with a JSON-RPC -32601 error carrying the request id', async () => {
      const calc = new FakeMcpServer('calc');
      const { transport } = await runningSession({}, [calc]);
      const answer = await transport.ask('cli_1', {
        subtype: 'mcp_message',
        server_name: 'ghost',
        message: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      });
      expect(answer).toEqual({
        subtype: 'success',
        request_id: 'cli_1',
        response: {
          mcp_response: { jsonrpc: '2.0', id: 7, error: { code: -32601, message: expect.stringContaining('ghost') } },
        },
      });
      expect(calc.received).toHaveLength(0);
    });

    it('serves tool calls concurrently: a slow call does not hold back a fast one', async () => {
      const release = deferred<void>();
      const calc = new FakeMcpServer('calc', {
        handle: async (message: JsonRpcMessage): Promise<JsonRpcResponse | undefined> => {
          const request = message as unknown as { id: number; params: { name: string } };
          if (request.params.name === 'slow') await release.promise;
          return { jsonrpc: '2.0', id: request.id, result: { name: request.params.name } };
        },
      });
      const { transport } = await runningSession({}, [calc]);
      const call = (id: number, name: string) => ({
        subtype: 'mcp_message',
        server_name: 'calc',
        message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
      });
      const slow = transport.ask('cli_slow', call(1, 'slow'));
      const fast = await transport.ask('cli_fast', call(2, 'fast'));
      expect(fast).toMatchObject({ subtype: 'success', response: { mcp_response: { id: 2 } } });
      expect(transport.controlResponses().map((r) => r.request_id)).toEqual(['cli_fast']);
      release.resolve();
      expect(await slow).toMatchObject({ subtype: 'success', response: { mcp_response: { id: 1 } } });
    });
  });

  describe('Session can_use_tool', () => {
    const request = {
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      input: { command: 'ls -la' },
      tool_use_id: 'toolu_42',
      permission_suggestions: [
        { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' },
      ],
      blocked_path: '/etc',
      decision_reason: 'outside the workspace',
      agent_id: 'agent_1',
    };

    it('allow: passes (toolName, input, context) to the callback; updatedInput defaults to the input; echoes toolUseID', async () => {
      const canUseTool = vi.fn<CanUseTool>(async () => ({ behavior: 'allow' }));
      const { transport } = await runningSession({ canUseTool });
      const answer = await transport.ask('cli_1', request);
      expect(answer).toEqual({
        subtype: 'success',
        request_id: 'cli_1',
        response: { behavior: 'allow', updatedInput: { command: 'ls -la' }, toolUseID: 'toolu_42' },
      });
      expect(canUseTool).toHaveBeenCalledTimes(1);
      const [toolName, input, context] = canUseTool.mock.calls[0] as [
        string,
        Record<string, unknown>,
        CanUseToolOptions,
      ];
      expect(toolName).toBe('Bash');
      expect(input).toEqual({ command: 'ls -la' });
      expect(context).toEqual({
        signal: expect.any(AbortSignal),
        toolUseID: 'toolu_42',
        requestId: 'cli_1',
        suggestions: request.permission_suggestions,
        blockedPath: '/etc',
        decisionReason: 'outside the workspace',
        agentID: 'agent_1',
      });
    });

    it('allow with updatedInput and updatedPermissions sends them', async () => {
      const updatedPermissions = [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] as const;
      const { transport } = await runningSession({
        canUseTool: async () => ({
          behavior: 'allow',
          updatedInput: { command: 'ls' },
          updatedPermissions: [...updatedPermissions],
        }),
      });
      const answer = await transport.ask('cli_1', request);
      expect(answer.response).toEqual({
        behavior: 'allow',
        updatedInput: { command: 'ls' },
        updatedPermissions: [...updatedPermissions],
        toolUseID: 'toolu_42',
      });
    });

    it('deny sends the message and interrupt', async () => {
      const { transport } = await runningSession({
        canUseTool: async () => ({ behavior: 'deny', message: 'Not in this repo', interrupt: true }),
      });
      const answer = await transport.ask('cli_1', request);
      expect(answer.subtype).toBe('success');
      expect(answer.response).toMatchObject({ behavior: 'deny', message: 'Not in this repo', interrupt: true });
    });

    it('deny without interrupt sends no interrupt field', async () => {
      const { transport } = await runningSession({ canUseTool: async () => ({ behavior: 'deny', message: 'no' }) });
      const answer = await transport.ask('cli_1', request);
      expect(answer.response).toMatchObject({ behavior: 'deny', message: 'no' });
      expect(answer.response).not.toHaveProperty('interrupt');
    });

    it.each<[string, CanUseTool]>([
      [
        'rejects',
        async () => {
          throw new Error('policy service down');
        },
      ],
      [
        'throws synchronously',
        () => {
          throw new Error('policy service down');
        },
      ],
    ])('a callback that %s denies with its message', async (_name, canUseTool) => {
      const { transport, session } = await runningSession({ canUseTool });
      const answer = await transport.ask('cli_1', request);
      expect(answer.subtype).toBe('success');
      expect(answer.response).toMatchObject({
        behavior: 'deny',
        message: expect.stringContaining('policy service down'),
      });
      expect(session.isClosed).toBe(false);
    });

    it('a callback that answers neither allow nor deny is a deny', async () => {
      const { transport } = await runningSession({
        canUseTool: async () => ({ behavior: 'maybe' }) as unknown as PermissionResult,
      });
      expect((await transport.ask('cli_1', request)).response).toMatchObject({ behavior: 'deny' });
    });

    it('a hanging callback is denied after permissionTimeoutMs (fake timers)', async () => {
      expect(DEFAULT_PERMISSION_TIMEOUT_MS).toBe(600_000);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { transport } = await runningSession({
        permissionTimeoutMs: 5000,
        canUseTool: () => new Promise<PermissionResult>(() => {}),
      });
      transport.emit({ type: 'control_request', request_id: 'cli_1', request });
      await vi.advanceTimersByTimeAsync(4999);
      expect(transport.controlResponses()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
      const [answer] = transport.controlResponses();
      expect(answer?.subtype).toBe('success');
      expect(answer?.response).toMatchObject({ behavior: 'deny', message: expect.stringContaining('5000') });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('a control_cancel_request aborts the callback’s signal', async () => {
      let signal: AbortSignal | undefined;
      const { transport } = await runningSession({
        canUseTool: (_tool, _input, options) => {
          signal = options.signal;
          return new Promise<PermissionResult>(() => {});
        },
      });
      transport.emit({ type: 'control_request', request_id: 'cli_1', request });
      await flush();
      expect(signal?.aborted).toBe(false);
      transport.emit({ type: 'control_cancel_request', request_id: 'cli_1' });
      await flush();
      expect(signal?.aborted).toBe(true);
    });

    it('without a canUseTool callback, answers an error', async () => {
      const { transport, session } = await runningSession();
      const answer = await transport.ask('cli_1', request);
      expect(answer).toEqual({ subtype: 'error', request_id: 'cli_1', error: expect.stringContaining('canUseTool') });
      expect(session.isClosed).toBe(false);
    });
  });

  describe('Session hook_callback', () => {
    async function withHooks() {
      const pre = vi.fn<HookCallback>(async () => ({ continue: true }));
      const post = vi.fn<HookCallback>(async () => ({
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
        custom: { untouched: [1, 2] },
      }));
      const harness = await runningSession({
        hooks: { PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [pre] }], PostToolUse: [{ hooks: [post] }] },
      });
      const hooksPayload = (await initializeRequest(harness.transport)).hooks as Record<
        string,
        Array<{ hookCallbackIds: string[] }>
      >;
      const postId = hooksPayload.PostToolUse?.[0]?.hookCallbackIds[0] as string;
      const preId = hooksPayload.PreToolUse?.[0]?.hookCallbackIds[0] as string;
      return { ...harness, pre, post, preId, postId };
    }

    const input = {
      hook_event_name: 'PostToolUse',
      session_id: 's1',
      transcript_path: '/tmp/t.jsonl',
      cwd: '/work',
      tool_name: 'mcp__calc__add',
      tool_input: { a: 1 },
      tool_response: { content: [] },
      tool_use_id: 'toolu_9',
    };

    it('routes to the callback with (input, toolUseID, {signal}) and sends its output as is', async () => {
      const { transport, pre, post, postId } = await withHooks();
      const answer = await transport.ask('cli_1', {
        subtype: 'hook_callback',
        callback_id: postId,
        input,
        tool_use_id: 'toolu_9',
      });
      expect(post).toHaveBeenCalledTimes(1);
      expect(post).toHaveBeenCalledWith(input, 'toolu_9', { signal: expect.any(AbortSignal) });
      expect(pre).not.toHaveBeenCalled();
      expect(answer).toEqual({
        subtype: 'success',
        request_id: 'cli_1',
        response: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no',
          },
          custom: { untouched: [1, 2] },
        },
      });
    });

    it('passes toolUseID undefined when the request has none', async () => {
      const { transport, pre, preId } = await withHooks();
      const answer = await transport.ask('cli_1', { subtype: 'hook_callback', callback_id: preId, input });
      expect(pre.mock.calls[0]?.[1]).toBeUndefined();
      expect(answer.response).toEqual({ continue: true });
    });

    it('answers an unknown callback id with an error', async () => {
      const { transport, pre, post } = await withHooks();
      const answer = await transport.ask('cli_1', { subtype: 'hook_callback', callback_id: 'hook_99', input });
      expect(answer).toEqual({ subtype: 'error', request_id: 'cli_1', error: expect.stringContaining('hook_99') });
      expect(pre).not.toHaveBeenCalled();
      expect(post).not.toHaveBeenCalled();
    });

    it('answers a throwing hook with an error carrying its message', async () => {
      const { transport, post, postId } = await withHooks();
      post.mockImplementationOnce(async () => {
        throw new Error('hook exploded');
      });
      const answer = await transport.ask('cli_1', { subtype: 'hook_callback', callback_id: postId, input });
      expect(answer).toEqual({ subtype: 'error', request_id: 'cli_1', error: 'hook exploded' });
    });
  });

  describe('Session.endInput()', () => {
    it('ends the transport input only after every sent user message got its result', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('one');
      await session.sendUserMessage('two');
      session.endInput();
      expect(transport.endInputCalls).toBe(0);
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(0);
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(1);
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(1);
    });

    it('ends the input at once when every turn is already answered', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('one');
      transport.emit(resultMessage());
      await flush();
      session.endInput();
      expect(transport.endInputCalls).toBe(1);
      session.endInput();
      expect(transport.endInputCalls).toBe(1);
    });

    it('counts a user message whose send is still under way', async () => {
      const { session, transport } = await runningSession();
      const sending = session.sendUserMessage('not awaited yet');
      session.endInput();
      await sending;
      await flush();
      expect(transport.sent.at(-1)?.type).toBe('user');
      expect(transport.endInputCalls).toBe(0);
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(1);
    });

    it('called before the session runs, ends the input once it runs', async () => {
      const { session, transport } = makeSession();
      session.endInput();
      await session.start();
      await flush();
      expect(transport.sent.map((m) => m.type)).toEqual(['control_request']);
      expect(transport.endInputCalls).toBe(1);
    });

    it('refuses user messages after endInput()', async () => {
      const { session } = await runningSession();
      session.endInput();
      await expect(session.sendUserMessage('late')).rejects.toBeInstanceOf(InvalidOptionError);
    });

    it('waitForIdle() resolves once every turn has its result', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('one');
      const idle = track(session.waitForIdle());
      await flush();
      expect(idle.state).toBe('pending');
      transport.emit(resultMessage());
      await flush();
      expect(idle.state).toBe('resolved');
    });
  });

  describe('Session.streamInput()', () => {
    it('sends every message, then ends the input after the last result', async () => {
      const { session, transport } = await runningSession();
      async function* prompts() {
        yield 'first';
        yield { type: 'user' as const, message: { role: 'user' as const, content: 'second' } };
      }
      await session.streamInput(prompts());
      expect(
        transport.sent.filter((m) => m.type === 'user').map((m) => (m.message as { content: unknown }).content),
      ).toEqual(['first', 'second']);
      expect(transport.endInputCalls).toBe(0);
      transport.emit(resultMessage());
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(1);
    });

    it('with endInputWhenDone=false, leaves the input open', async () => {
      const { session, transport } = await runningSession();
      async function* prompts() {
        yield 'only';
      }
      await session.streamInput(prompts(), false);
      transport.emit(resultMessage());
      await flush();
      expect(transport.endInputCalls).toBe(0);
      await session.sendUserMessage('more');
      expect(transport.sent.at(-1)?.type).toBe('user');
    });

    it('an input iterator that throws closes the session with that error', async () => {
      const { session, transport } = await runningSession();
      const failure = new Error('prompt source failed');
      async function* prompts() {
        yield 'first';
        throw failure;
      }
      await session.streamInput(prompts());
      const { messages, error } = await collect(session);
      expect(messages).toEqual([]);
      expect(error).toBe(failure);
      expect(session.isClosed).toBe(true);
      expect(transport.closeCalls).toBe(1);
      expect(session.signal.aborted).toBe(true);
    });
  });

  describe('Session failures and shutdown', () => {
    it('a transport whose messages() throws ends messages() with that error and aborts session.signal', async () => {
      const server = new FakeMcpServer('calc');
      const { session, transport } = await runningSession({}, [server]);
      const failure = new ProcessError({ exitCode: 1, stderrTail: 'fatal' });
      transport.emit({ type: 'assistant', message: { n: 1 } });
      transport.endOutput(failure);
      const { messages, error } = await collect(session);
      expect(messages).toEqual([{ type: 'assistant', message: { n: 1 } }]);
      expect(error).toBe(failure);
      expect(session.signal.aborted).toBe(true);
      expect(session.signal.reason).toBe(failure);
      expect(session.isClosed).toBe(true);
      expect(transport.closeCalls).toBe(1);
      expect(server.closeCalls).toBe(1);
    });

    it('a non-zero exit after input ended and the last result was an error is not a second error', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('loop');
      session.endInput();
      const failed = { ...resultMessage(), subtype: 'error_max_turns', is_error: true };
      transport.emit(failed);
      await flush();
      expect(transport.endInputCalls).toBe(1);
      transport.endOutput(new ProcessError({ exitCode: 1, stderrTail: '' }));
      const { messages, error } = await collect(session);
      expect(messages).toEqual([failed]);
      expect(error).toBeUndefined();
    });

    it('a non-zero exit after a successful last result is still a ProcessError', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('hi');
      session.endInput();
      transport.emit(resultMessage());
      await flush();
      const failure = new ProcessError({ exitCode: 2, stderrTail: 'crash on exit' });
      transport.endOutput(failure);
      const { error } = await collect(session);
      expect(error).toBe(failure);
    });

    it('close() rejects pending requests, aborts handler signals, closes transport and ports, ends messages() cleanly; idempotent', async () => {
      const calc = new FakeMcpServer('calc');
      const notes = new FakeMcpServer('notes');
      let hookSignal: AbortSignal | undefined;
      let toolContext: McpHandleContext | undefined;
      calc.handleImpl = (_message, context) => {
        toolContext = context;
        return new Promise(() => {});
      };
      const { session, transport } = await runningSession(
        {
          hooks: {
            PreToolUse: [
              {
                hooks: [
                  (_input: HookInput, _id: string | undefined, options: { signal: AbortSignal }) => {
                    hookSignal = options.signal;
                    return new Promise(() => {});
                  },
                ],
              },
            ],
          },
        },
        [calc, notes],
      );
      const pending = track(session.interrupt());
      await transport.waitForRequest('interrupt');
      transport.emit({
        type: 'control_request',
        request_id: 'cli_1',
        request: { subtype: 'hook_callback', callback_id: 'hook_0', input: {} },
      });
      transport.emit({
        type: 'control_request',
        request_id: 'cli_2',
        request: {
          subtype: 'mcp_message',
          server_name: 'calc',
          message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} },
        },
      });
      transport.emit({ type: 'assistant', message: { buffered: true } });
      await flush();
      expect(hookSignal?.aborted).toBe(false);
      expect(toolContext?.signal.aborted).toBe(false);

      const closing = session.close();
      expect(session.close()).toBe(closing);
      await closing;

      expect(pending.state).toBe('rejected');
      expect(AbortError.isInstance(pending.error)).toBe(true);
      expect(hookSignal?.aborted).toBe(true);
      expect(toolContext?.signal.aborted).toBe(true);
      expect(session.signal.aborted).toBe(true);
      expect(session.isClosed).toBe(true);
      expect(transport.closeCalls).toBe(1);
      expect(calc.closeCalls).toBe(1);
      expect(notes.closeCalls).toBe(1);
      expect(await collect(session)).toEqual({
        messages: [{ type: 'assistant', message: { buffered: true } }],
        error: undefined,
      });

      await session.close();
      expect(transport.closeCalls).toBe(1);
      expect(calc.closeCalls).toBe(1);
      await expect(session.interrupt()).rejects.toBeInstanceOf(AbortError);
      await expect(session.sendUserMessage('after close')).rejects.toBeInstanceOf(AbortError);
      // No answer to the CLI's requests was written after the close.
      expect(transport.controlResponses()).toEqual([]);
    });

    it('close() before start() closes the ports and start() then rejects', async () => {
      const server = new FakeMcpServer('calc');
      const { session, transport } = makeSession({}, [server]);
      await session.close();
      expect(server.closeCalls).toBe(1);
      await expect(session.start()).rejects.toBeInstanceOf(AbortError);
      expect(transport.startCalls).toBe(0);
      expect(await collect(session)).toEqual({ messages: [], error: undefined });
    });

    it('abortController.abort() ends messages() with AbortError and closes the transport', async () => {
      const abortController = new AbortController();
      const { session, transport } = await runningSession({ abortController });
      transport.emit({ type: 'assistant', message: {} });
      await flush();
      abortController.abort(new Error('user pressed ctrl-c'));
      const { messages, error } = await collect(session);
      expect(messages).toEqual([{ type: 'assistant', message: {} }]);
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).cause).toEqual(new Error('user pressed ctrl-c'));
      expect(transport.closeCalls).toBe(1);
      expect(session.signal.aborted).toBe(true);
    });

    it('an already aborted abortController: messages() throws AbortError and start() rejects without starting', async () => {
      const abortController = new AbortController();
      abortController.abort();
      const { session, transport } = makeSession({ abortController });
      await expect(session.start()).rejects.toBeInstanceOf(AbortError);
      expect(transport.startCalls).toBe(0);
      const { error } = await collect(session);
      expect(error).toBeInstanceOf(AbortError);
    });

    it('a transport start() that rejects makes start() reject with the same error and closes the ports', async () => {
      const failure = new CliNotFoundError({ triedPaths: ['/nowhere/claude'] });
      const transport = new FakeTransport();
      transport.startImpl = async () => {
        throw failure;
      };
      const calc = new FakeMcpServer('calc', { manifest: MANIFEST });
      const notes = new FakeMcpServer('notes');
      const { session } = makeSession({}, [calc, notes], transport);
      await expect(session.start()).rejects.toBe(failure);
      expect(calc.closeCalls).toBe(1);
      expect(notes.closeCalls).toBe(1);
      expect(transport.sent).toEqual([]);
      expect(session.isClosed).toBe(true);
      expect(await collect(session)).toEqual({ messages: [], error: failure });
      await expect(session.sendUserMessage('x')).rejects.toBe(failure);
    });

    it('close() while the transport is starting: start() rejects with AbortError and the transport ends closed', async () => {
      const starting = deferred<void>();
      const transport = new FakeTransport();
      transport.startImpl = () => starting.promise;
      const server = new FakeMcpServer('calc');
      const { session } = makeSession({}, [server], transport);
      const started = track(session.start());
      await flush();
      await session.close();
      starting.resolve();
      await flush();
      expect(started.state).toBe('rejected');
      expect(AbortError.isInstance(started.error)).toBe(true);
      expect(transport.sent).toEqual([]);
      expect(transport.isOpen).toBe(false);
      expect(server.closeCalls).toBe(1);
      expect(await collect(session)).toEqual({ messages: [], error: undefined });
    });

    it('a manifest() that rejects makes start() reject and closes the transport', async () => {
      const failure = new Error('server failed to list tools');
      const calc = new FakeMcpServer('calc');
      calc.manifestImpl = async () => {
        throw failure;
      };
      const { session, transport } = makeSession({}, [calc]);
      await expect(session.start()).rejects.toBe(failure);
      expect(transport.closeCalls).toBe(1);
      expect(calc.closeCalls).toBe(1);
    });

    it('an unanswered initialize closes the session with ControlTimeoutError after controlRequestTimeoutMs', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const server = new FakeMcpServer('calc');
      const { session, transport } = makeSession({ controlRequestTimeoutMs: 3000 }, [server]);
      await session.start();
      const initialized = track(session.initializationResult());
      await vi.advanceTimersByTimeAsync(2999);
      expect(session.isClosed).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
      expect(session.isClosed).toBe(true);
      const { error } = await collect(session);
      expect(error).toBeInstanceOf(ControlTimeoutError);
      expect(error).toMatchObject({ subtype: 'initialize', timeoutMs: 3000 });
      expect(initialized.error).toBeInstanceOf(ControlTimeoutError);
      expect(transport.closeCalls).toBe(1);
      expect(server.closeCalls).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('a control request answered with an error rejects with ControlRequestError and the session goes on', async () => {
      const { session, transport } = await runningSession();
      const setModel = session.setModel('claude-nonexistent');
      const { request_id, request } = await transport.waitForRequest('set_model');
      expect(request).toEqual({ subtype: 'set_model', model: 'claude-nonexistent' });
      transport.emit(
        JSON.parse(
          `{"type":"control_response","response":{"subtype":"error","request_id":"${request_id}","error":"Unable to validate model: claude-nonexistent","error_code":"check_failed"}}`,
        ),
      );
      const error = await setModel.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlRequestError);
      expect(error).toMatchObject({
        subtype: 'set_model',
        cliMessage: 'Unable to validate model: claude-nonexistent',
        cliErrorCode: 'check_failed',
      });
      expect(session.isClosed).toBe(false);

      const interrupt = session.interrupt();
      await transport.answer('interrupt', { still_queued: [] });
      await expect(interrupt).resolves.toBeUndefined();
      expect(session.isClosed).toBe(false);
    });

    it('sends the other control requests with their payloads', async () => {
      const { session, transport } = await runningSession();
      const mode = session.setPermissionMode('plan');
      await transport.answer('set_permission_mode', { mode: 'plan' });
      await mode;
      const model = session.setModel();
      await transport.answer('set_model');
      await model;
      const thinking = session.setMaxThinkingTokens(null);
      await transport.answer('set_max_thinking_tokens');
      await thinking;
      const status = session.mcpServerStatus();
      await transport.answer('mcp_status', { mcpServers: [{ name: 'calc', status: 'connected' }] });
      expect(await status).toEqual([{ name: 'calc', status: 'connected' }]);
      expect(transport.controlRequests().map((m) => m.request)).toEqual([
        expect.objectContaining({ subtype: 'initialize' }),
        { subtype: 'set_permission_mode', mode: 'plan' },
        { subtype: 'set_model' },
        { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null },
        { subtype: 'mcp_status' },
      ]);
    });
  });
});
