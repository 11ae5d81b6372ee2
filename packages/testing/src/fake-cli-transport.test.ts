import {
  ControlProtocolEngine,
  ControlRequestError,
  type InboundMessage,
  Session,
  TransportClosedError,
  TransportInputClosedError,
  TransportStartError,
} from '@hexagent/core';
import { describe, expect, it, vi } from 'vitest';
import { defaultInitializeResponse } from './default-initialize-response.js';
import type { FakeCliTransportOptions } from './fake-cli-transport.js';
import { FakeCliTransport } from './fake-cli-transport.js';
import { transportConformanceSuite } from './transport-conformance-suite.js';

/** A fake CLI behaving as the conformance suite's echo peer. */
function echoPeer(): FakeCliTransport {
  return new FakeCliTransport({
    autoInitialize: true,
    onSend: (message, cli) => {
      if (message.type === 'echo') cli.emit(message);
    },
    onEndInput: (cli) => setImmediate(() => cli.finish()),
  });
}

transportConformanceSuite('FakeCliTransport', echoPeer, { timeoutMs: 5000 });

async function started(options: FakeCliTransportOptions = {}): Promise<FakeCliTransport> {
  const cli = new FakeCliTransport(options);
  await cli.start();
  return cli;
}

async function take(iterator: AsyncIterator<InboundMessage>): Promise<InboundMessage> {
  const result = await iterator.next();
  if (result.done === true) throw new Error('ended');
  return result.value;
}

describe('FakeCliTransport: the SDK side', () => {
  it('records deep copies of what the SDK sends, in order', async () => {
    const cli = await started();
    const message = { type: 'user', message: { role: 'user', content: 'hi' }, nested: { n: 1 } };
    await cli.send(message);
    message.nested.n = 2;
    await cli.send({ type: 'second' });
    expect(cli.sent).toEqual([
      { type: 'user', message: { role: 'user', content: 'hi' }, nested: { n: 1 } },
      { type: 'second' },
    ]);
  });

  it('rejects send() before start, after endInput, after close, after the CLI exited, and for non-JSON', async () => {
    await expect(new FakeCliTransport().send({ type: 'x' })).rejects.toThrow(/before start/);
    const ended = await started();
    ended.endInput();
    await expect(ended.send({ type: 'x' })).rejects.toThrow(/endInput/);
    const closed = await started();
    await closed.close();
    await expect(closed.send({ type: 'x' })).rejects.toThrow(/close/);
    const exited = await started();
    exited.finish();
    await expect(exited.send({ type: 'x' })).rejects.toThrow(/exited/);
    const cli = await started();
    await expect(cli.send({ type: 'x', big: 1n })).rejects.toThrow();
    expect(cli.sent).toEqual([]);
  });

  it('raises the transport errors of core where CliTransport does', async () => {
    const rejection = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(TransportInputClosedError.isInstance(await rejection(new FakeCliTransport().send({ type: 'x' })))).toBe(
      true,
    );
    const ended = await started();
    ended.endInput();
    expect(TransportInputClosedError.isInstance(await rejection(ended.send({ type: 'x' })))).toBe(true);
    const exited = await started();
    exited.finish();
    expect(TransportInputClosedError.isInstance(await rejection(exited.send({ type: 'x' })))).toBe(true);
    expect(TransportClosedError.isInstance(await rejection(exited.emitControlRequest('hook_callback')))).toBe(true);
    expect(() => exited.emit({ type: 'late' })).toThrow(TransportClosedError);
    const twice = await started();
    expect(TransportStartError.isInstance(await rejection(twice.start()))).toBe(true);
    const closed = await started();
    const pending = closed.emitControlRequest('can_use_tool');
    await closed.close();
    expect(TransportClosedError.isInstance(await rejection(pending))).toBe(true);
    expect(TransportClosedError.isInstance(await rejection(closed.start()))).toBe(true);
    expect(TransportInputClosedError.isInstance(await rejection(closed.send({ type: 'x' })))).toBe(true);
  });

  it('rejects start() with startError and leaves the state unstarted', async () => {
    const failure = new Error('spawn claude ENOENT');
    const cli = new FakeCliTransport({ startError: failure });
    await expect(cli.start()).rejects.toBe(failure);
    expect(cli.state).toEqual({ started: false, inputEnded: false, closed: false, exited: false });
    expect(cli.isOpen).toBe(false);
  });

  it('tracks the lifecycle flags', async () => {
    const cli = new FakeCliTransport();
    expect(cli.isOpen).toBe(false);
    await cli.start();
    expect(cli.isOpen).toBe(true);
    await expect(cli.start()).rejects.toThrow(/twice/);
    cli.endInput();
    cli.endInput();
    expect(cli.state).toEqual({ started: true, inputEnded: true, closed: false, exited: false });
    await cli.close();
    expect(cli.state).toEqual({ started: true, inputEnded: true, closed: true, exited: false });
    expect(cli.isOpen).toBe(false);
  });

  it('allows a single consumer of messages()', async () => {
    const cli = await started();
    cli.messages();
    expect(() => cli.messages()).toThrow(/once/);
  });

  it('calls onEndInput once', async () => {
    let calls = 0;
    const cli = await started({ onEndInput: () => calls++ });
    cli.endInput();
    cli.endInput();
    expect(calls).toBe(1);
  });
});

describe('FakeCliTransport: the CLI side', () => {
  it('nextSent returns already-sent and future messages, each once, oldest first', async () => {
    const cli = await started();
    await cli.send({ type: 'a', n: 1 });
    await cli.send({ type: 'b' });
    await cli.send({ type: 'a', n: 2 });
    expect(await cli.nextSent((message) => message.type === 'b')).toEqual({ type: 'b' });
    expect(await cli.nextSent()).toEqual({ type: 'a', n: 1 });
    expect(await cli.nextSent()).toEqual({ type: 'a', n: 2 });
    const later = cli.nextSent((message) => message.type === 'c');
    const other = cli.nextSent();
    await cli.send({ type: 'c' });
    await cli.send({ type: 'd' });
    expect(await later).toEqual({ type: 'c' });
    expect(await other).toEqual({ type: 'd' });
  });

  it('nextSent times out with a list of what was sent', async () => {
    const cli = await started();
    await cli.send({ type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } });
    await cli.send({ type: 'user' });
    await expect(cli.nextSent((message) => message.type === 'never', 50)).rejects.toThrow(
      /within 50 ms \(sent: control_request:initialize, user\)/,
    );
  });

  it('waitForControlRequest returns the request of that subtype', async () => {
    const cli = await started();
    const waiting = cli.waitForControlRequest('interrupt');
    await cli.send({ type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } });
    await cli.send({ type: 'control_request', request_id: 'r2', request: { subtype: 'interrupt' } });
    expect(await waiting).toEqual({ type: 'control_request', request_id: 'r2', request: { subtype: 'interrupt' } });
    expect((await cli.waitForControlRequest('initialize')).request_id).toBe('r1');
  });

  it('emits messages to the SDK in order, as copies', async () => {
    const cli = await started();
    const iterator = cli.messages()[Symbol.asyncIterator]();
    const message = { type: 'assistant', n: 1 };
    cli.emit(message);
    message.n = 2;
    cli.emit({ type: 'result' });
    expect(await take(iterator)).toEqual({ type: 'assistant', n: 1 });
    expect(await take(iterator)).toEqual({ type: 'result' });
  });

  it('auto-answers initialize with a realistic response, merged with overrides', async () => {
    const cli = await started({ autoInitialize: { current_permission_mode: 'plan', extra_field: 1 } });
    const iterator = cli.messages()[Symbol.asyncIterator]();
    await cli.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
    const answer = await take(iterator);
    expect(answer).toEqual({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: 'init_1',
        response: { ...defaultInitializeResponse(), current_permission_mode: 'plan', extra_field: 1 },
      },
    });
    const response = (answer['response'] as { response: Record<string, unknown> }).response;
    expect(response).toMatchObject({ claude_code_version: '2.1.329', capabilities: [], pid: expect.any(Number) });
    expect((response['models'] as unknown[]).length).toBeGreaterThan(0);
    expect((response['commands'] as unknown[]).length).toBeGreaterThan(0);
    expect(response['account']).toMatchObject({ apiKeySource: 'ANTHROPIC_API_KEY' });
  });

  it('confirms external MCP servers sent in initialize, like the CLI with --await-initialize', async () => {
    const cli = await started({ autoInitialize: true });
    const iterator = cli.messages()[Symbol.asyncIterator]();
    const mcpServers = { db: { type: 'stdio', command: 'db-mcp' } };
    await cli.send({ type: 'control_request', request_id: 'i1', request: { subtype: 'initialize', mcpServers } });
    const withServers = (await take(iterator))['response'] as { response: Record<string, unknown> };
    expect(withServers.response['mcp_servers_applied']).toBe(true);
    const declining = await started({ autoInitialize: { mcp_servers_applied: false } });
    const declined = declining.messages()[Symbol.asyncIterator]();
    await declining.send({ type: 'control_request', request_id: 'i2', request: { subtype: 'initialize', mcpServers } });
    expect(((await take(declined))['response'] as { response: Record<string, unknown> }).response).toMatchObject({
      mcp_servers_applied: false,
    });
  });

  it('does not answer initialize unless asked to', async () => {
    const cli = await started();
    const iterator = cli.messages()[Symbol.asyncIterator]();
    await cli.send({ type: 'control_request', request_id: 'init_1', request: { subtype: 'initialize' } });
    cli.emit({ type: 'marker' });
    expect(await take(iterator)).toEqual({ type: 'marker' });
  });

  it('auto-responds by subtype; a throwing responder gives an error answer', async () => {
    const cli = await started({
      autoRespond: {
        interrupt: () => ({ still_queued: [] }),
        set_model: async (request) => {
          throw new Error(`Unable to validate model: ${String(request['model'])}`);
        },
      },
    });
    const engine = new ControlProtocolEngine({ send: (message) => cli.send(message) });
    const pump = (async () => {
      for await (const message of cli.messages()) engine.receive(message);
    })();
    await expect(engine.request('interrupt')).resolves.toEqual({ still_queued: [] });
    const failure = await engine.request('set_model', { model: 'nope' }).catch((error: unknown) => error);
    expect(ControlRequestError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('Unable to validate model: nope');
    await cli.close();
    await pump;
  });

  it('emitControlRequest resolves with the SDK answer, success or error', async () => {
    const cli = await started();
    const engine = new ControlProtocolEngine({ send: (message) => cli.send(message) });
    engine.handle('can_use_tool', async (request) => ({ behavior: 'allow', updatedInput: request['input'] }));
    const pump = (async () => {
      for await (const message of cli.messages()) engine.receive(message);
    })();
    const allowed = await cli.emitControlRequest('can_use_tool', { tool_name: 'Bash', input: { command: 'ls' } });
    expect(allowed).toEqual({
      subtype: 'success',
      request_id: expect.stringMatching(/^fake_cli_req_/),
      response: { behavior: 'allow', updatedInput: { command: 'ls' } },
    });
    const unknown = await cli.emitControlRequest('no_such_subtype');
    expect(unknown.subtype).toBe('error');
    expect(cli.sent.filter((message) => message.type === 'control_response')).toHaveLength(2);
    await cli.close();
    await pump;
  });

  it('emitControlRequest rejects when the transport closes or the CLI exits first', async () => {
    const closing = await started();
    const pending = closing.emitControlRequest('can_use_tool', {});
    await closing.close();
    await expect(pending).rejects.toThrow(/closed/);
    const exiting = await started();
    const pending2 = exiting.emitControlRequest('hook_callback', {});
    exiting.finish();
    await expect(pending2).rejects.toThrow(/exited/);
  });

  it('respond and respondError write control responses', async () => {
    const cli = await started();
    const iterator = cli.messages()[Symbol.asyncIterator]();
    cli.respond('r1', { mode: 'plan' });
    cli.respondError('r2', 'Unable to validate model', 'check_failed');
    cli.respondError('r3', 'plain');
    expect(await take(iterator)).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'r1', response: { mode: 'plan' } },
    });
    expect(await take(iterator)).toEqual({
      type: 'control_response',
      response: { subtype: 'error', request_id: 'r2', error: 'Unable to validate model', error_code: 'check_failed' },
    });
    expect(await take(iterator)).toEqual({
      type: 'control_response',
      response: { subtype: 'error', request_id: 'r3', error: 'plain' },
    });
  });

  it('finish() ends messages() after the buffered messages', async () => {
    const cli = await started();
    cli.emit({ type: 'one' });
    cli.emit({ type: 'two' });
    cli.finish();
    const received: string[] = [];
    for await (const message of cli.messages()) received.push(message.type);
    expect(received).toEqual(['one', 'two']);
    expect(cli.state.exited).toBe(true);
    expect(cli.isOpen).toBe(false);
    expect(() => cli.emit({ type: 'late' })).toThrow(/after the output ended/);
  });

  it('fail() makes messages() throw the error after the buffered messages', async () => {
    const cli = await started();
    const crash = new Error('Claude Code process exited with code 1');
    cli.emit({ type: 'one' });
    cli.fail(crash);
    const received: string[] = [];
    const thrown = await (async () => {
      for await (const message of cli.messages()) received.push(message.type);
    })().catch((error: unknown) => error);
    expect(received).toEqual(['one']);
    expect(thrown).toBe(crash);
  });

  it('drops automatic answers that race with close()', async () => {
    const cli = await started({ autoInitialize: true });
    const iterator = cli.messages()[Symbol.asyncIterator]();
    await cli.send({ type: 'control_request', request_id: 'r', request: { subtype: 'initialize' } });
    await cli.close();
    expect((await iterator.next()).done).toBe(true);
  });
});

describe('FakeCliTransport: transcript mirror frames', () => {
  it('emitTranscriptMirror writes a transcript_mirror message with the file and the entries', async () => {
    const cli = await started();
    const iterator = cli.messages()[Symbol.asyncIterator]();
    cli.emitTranscriptMirror('/c/projects/-p/s1.jsonl', [{ type: 'user', uuid: 'u1' }]);
    expect(await take(iterator)).toEqual({
      type: 'transcript_mirror',
      filePath: '/c/projects/-p/s1.jsonl',
      entries: [{ type: 'user', uuid: 'u1' }],
    });
  });
});

describe('FakeCliTransport: the run state a CLI reports', () => {
  it('emitSessionState() writes a host-only session_state_changed that a session follows and never yields', async () => {
    const cli = new FakeCliTransport({ autoInitialize: true });
    const session = new Session({
      transport: cli,
      options: { canUseTool: async () => ({ behavior: 'deny', message: 'no' }) },
    });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const message of session.messages()) seen.push(message.type);
    })();
    await session.sendUserMessage('hi');
    session.endInput();
    cli.emitSessionState('running');
    cli.emit({ type: 'result', subtype: 'success', is_error: false, result: 'first' });
    cli.emitSessionState('requires_action');
    cli.emitSessionState('running');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cli.state.inputEnded).toBe(false);
    cli.emitSessionState('idle');
    await vi.waitFor(() => expect(cli.state.inputEnded).toBe(true));
    cli.finish();
    await reading;
    expect(seen).toEqual(['result']);
    await session.close();
  });
});
