/**
 * The CLI's requests to a Session on the in-memory fake transport, end to end through the control
 * protocol: `mcp_message`, `can_use_tool` and `hook_callback` (each handler has unit tests of its
 * own in `handlers/`).
 */
import { describe, expect, it, vi } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import { deferred, FakeMcpServer, flush } from '../../test/helpers/fakes.js';
import { initializeRequest, sessionHarness } from '../../test/helpers/session-harness.js';
import type { HookCallback } from '../types/hooks/hook-callback.js';
import type { JsonRpcMessage, JsonRpcResponse } from '../types/mcp/json-rpc.js';
import type { CanUseTool, CanUseToolOptions } from '../types/permissions/can-use-tool.js';
import type { PermissionResult } from '../types/permissions/permission-result.js';
import { DEFAULT_PERMISSION_TIMEOUT_MS } from './handlers/can-use-tool-handler.js';

const { runningSession } = sessionHarness();

describeEachTransportMode('', () => {
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
});
