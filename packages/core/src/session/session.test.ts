/**
 * Session on the in-memory fake transport: user messages and the message stream, the end of input,
 * failures and shutdown, and the control requests it sends.
 */
import { describe, expect, it, vi } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import {
  collectMessages as collect,
  deferred,
  FakeMcpServer,
  FakeProcessError,
  FakeTransport,
  flush,
  resultMessage,
  track,
} from '../../test/helpers/fakes.js';
import { MANIFEST, sessionHarness } from '../../test/helpers/session-harness.js';
import { AbortError } from '../errors/abort-error.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import { ControlTimeoutError } from '../errors/control-timeout-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { ResultError } from '../errors/result-error.js';
import type { McpHandleContext } from '../ports/mcp-server-port.js';
import { TransportStartError } from '../ports/transport-start-error.js';
import type { HookInput } from '../types/hooks/hook-inputs.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { PermissionMode } from '../types/permissions/permission-update.js';

const { makeSession, runningSession } = sessionHarness();

describeEachTransportMode('', () => {
  describe('Session user messages and the message stream', () => {
    it('sends a string as a user message', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('What is 2 + 2?');
      expect(transport.sent.at(-1)).toEqual({
        type: 'user',
        session_id: '',
        message: { role: 'user', content: [{ type: 'text', text: 'What is 2 + 2?' }] },
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
      ).toEqual([[{ type: 'text', text: 'first' }], 'second']);
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
      const failure = new FakeProcessError({ exitCode: 1, stderrTail: 'fatal' });
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

    it('a non-zero exit after an error result ends messages() with a ResultError after that result', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('loop');
      session.endInput();
      const failed = { ...resultMessage(), subtype: 'error_max_turns', is_error: true, errors: ['Reached max'] };
      transport.emit(failed);
      await flush();
      expect(transport.endInputCalls).toBe(1);
      transport.endOutput(new FakeProcessError({ exitCode: 1, stderrTail: '' }));
      const { messages, error } = await collect(session);
      expect(messages).toEqual([failed]);
      expect(ResultError.isInstance(error)).toBe(true);
      expect((error as ResultError).message).toBe('Claude Code returned an error result: Reached max');
      expect((error as ResultError).result).toEqual(failed);
      expect((error as ResultError).exitCode).toBe(1);
    });

    it('a non-zero exit after a successful last result is still a ProcessError', async () => {
      const { session, transport } = await runningSession();
      await session.sendUserMessage('hi');
      session.endInput();
      transport.emit(resultMessage());
      await flush();
      const failure = new FakeProcessError({ exitCode: 2, stderrTail: 'crash on exit' });
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
      // The official SDK's message and name for an abort while the CLI runs.
      expect((error as AbortError).message).toBe('Claude Code process aborted by user');
      expect((error as AbortError).name).toBe('Error');
      expect((error as AbortError).cause).toEqual(new Error('user pressed ctrl-c'));
      expect(transport.closeCalls).toBe(1);
      expect(session.signal.aborted).toBe(true);
    });

    it('after abortController.abort() nothing the CLI writes is yielded: AbortError follows what came before', async () => {
      const abortController = new AbortController();
      const { session, transport } = await runningSession({ abortController });
      await session.sendUserMessage('write an essay');
      const init = { type: 'system', subtype: 'init', session_id: 's1' };
      transport.emit(init);
      await flush();
      // What the real CLI writes when it is interrupted and its input ends, as the session stops it.
      const close = transport.close.bind(transport);
      transport.close = async () => {
        transport.emit({
          type: 'user',
          message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] },
        });
        transport.emit(resultMessage({ subtype: 'error_during_execution', is_error: true, errors: ['interrupted'] }));
        await close();
      };
      abortController.abort();
      const { messages, error } = await collect(session);
      expect(messages).toEqual([init]);
      expect(AbortError.isInstance(error)).toBe(true);
      expect(transport.controlRequests().map((request) => request.request.subtype)).toContain('interrupt');
    });

    it('an already aborted abortController: messages() throws AbortError and start() rejects without starting', async () => {
      const abortController = new AbortController();
      abortController.abort();
      const { session, transport } = makeSession({ abortController });
      await expect(session.start()).rejects.toBeInstanceOf(AbortError);
      expect(transport.startCalls).toBe(0);
      const { error } = await collect(session);
      expect(error).toBeInstanceOf(AbortError);
      // The official SDK's message for an abort before the CLI started.
      expect((error as AbortError).message).toBe('Operation aborted');
    });

    it('a transport start() that rejects makes start() reject with the same error and closes the ports', async () => {
      const failure = new TransportStartError({ message: 'Claude Code CLI not found: /nowhere/claude' });
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
      await expect(interrupt).resolves.toEqual({ still_queued: [] });
      expect(session.isClosed).toBe(false);
    });

    it("setPermissionMode('manual') is sent as asked, and a 'manual' answer is reported as 'default', as the official SDK does", async () => {
      const { session, transport } = await runningSession();
      const mode = session.setPermissionMode('manual' as PermissionMode);
      await transport.answer('set_permission_mode', { mode: 'manual' });
      await expect(mode).resolves.toEqual({ mode: 'default' });
      expect(transport.controlRequests().at(-1)?.request).toEqual({ subtype: 'set_permission_mode', mode: 'manual' });
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
