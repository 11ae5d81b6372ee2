import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, flush, track } from '../../test/helpers/fakes.js';
import { AbortError } from '../errors/abort-error.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import { ControlTimeoutError } from '../errors/control-timeout-error.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { type ControlHandlerContext, NO_CONTROL_RESPONSE } from '../ports/control-protocol.js';
import type { ControlRequestBody, InboundMessage, OutboundMessage } from '../types/control.js';
import { errorMessage } from '../util/error-message.js';
import { ManualClock } from '../util/manual-clock.js';
import {
  ControlProtocolEngine,
  type ControlProtocolEngineOptions,
  DEFAULT_CONTROL_TIMEOUT_MS,
  UNSUPPORTED_REQUEST_ERROR_CODE,
} from './control-protocol-engine.js';

// ---------------------------------------------------------------------------------------------
// helpers

interface Harness {
  engine: ControlProtocolEngine;
  sent: OutboundMessage[];
  errors: Error[];
}

const engines: ControlProtocolEngine[] = [];

/** An engine whose `send` records every message. Timeouts are off unless asked for. */
function setup(options: Partial<ControlProtocolEngineOptions> = {}): Harness {
  const sent: OutboundMessage[] = [];
  const errors: Error[] = [];
  const engine = new ControlProtocolEngine({
    send: async (message) => {
      sent.push(message);
    },
    onError: (error) => errors.push(error),
    defaultTimeoutMs: 0,
    ...options,
  });
  engines.push(engine);
  return { engine, sent, errors };
}

function requestIdOf(message: OutboundMessage | undefined): string {
  expect(message?.type).toBe('control_request');
  const id = (message as { request_id?: unknown }).request_id;
  expect(typeof id).toBe('string');
  return id as string;
}

function successAnswer(requestId: string, response?: Record<string, unknown>): InboundMessage {
  return {
    type: 'control_response',
    response:
      response === undefined
        ? { subtype: 'success', request_id: requestId }
        : { subtype: 'success', request_id: requestId, response },
  };
}

function errorAnswer(requestId: string, error: string, errorCode?: string): InboundMessage {
  return {
    type: 'control_response',
    response:
      errorCode === undefined
        ? { subtype: 'error', request_id: requestId, error }
        : { subtype: 'error', request_id: requestId, error, error_code: errorCode },
  };
}

function inboundRequest(requestId: string, request: ControlRequestBody): InboundMessage {
  return { type: 'control_request', request_id: requestId, request };
}

function responsesSent(sent: OutboundMessage[]): Array<Record<string, unknown>> {
  return sent
    .filter((message) => message.type === 'control_response')
    .map((message) => message.response as Record<string, unknown>);
}

afterEach(() => {
  for (const engine of engines.splice(0)) engine.close(new Error('test over'));
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------
// outbound requests

describe('ControlProtocolEngine — outbound requests', () => {
  it('sends {type:"control_request", request_id, request:{subtype, ...payload}}', () => {
    const { engine, sent } = setup();
    void engine.request('set_permission_mode', { mode: 'plan' }).catch(() => {});
    void engine.request('interrupt').catch(() => {});
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      type: 'control_request',
      request_id: expect.any(String),
      request: { subtype: 'set_permission_mode', mode: 'plan' },
    });
    expect(sent[1]).toEqual({
      type: 'control_request',
      request_id: expect.any(String),
      request: { subtype: 'interrupt' },
    });
    expect(Object.keys(sent[0] as object).sort()).toEqual(['request', 'request_id', 'type']);
    expect(requestIdOf(sent[0])).not.toBe(requestIdOf(sent[1]));
    expect(engine.pendingCount).toBe(2);
  });

  it('a payload cannot override the subtype', () => {
    const { engine, sent } = setup();
    void engine.request('set_model', { subtype: 'evil', model: 'x' }).catch(() => {});
    expect((sent[0] as unknown as { request: ControlRequestBody }).request).toEqual({
      subtype: 'set_model',
      model: 'x',
    });
  });

  it('gives every request a distinct id', () => {
    const { engine, sent } = setup();
    for (let i = 0; i < 200; i++) void engine.request('interrupt').catch(() => {});
    expect(new Set(sent.map(requestIdOf)).size).toBe(200);
  });

  it('resolves with the `response` payload of a success answer', async () => {
    const { engine, sent, errors } = setup();
    const promise = engine.request('interrupt');
    expect(engine.receive(successAnswer(requestIdOf(sent[0]), { still_queued: [] }))).toBe(true);
    await expect(promise).resolves.toEqual({ still_queued: [] });
    expect(engine.pendingCount).toBe(0);
    expect(errors).toEqual([]);
  });

  it('resolves with {} when a success answer has no `response`', async () => {
    const { engine, sent } = setup();
    const promise = engine.request('interrupt');
    engine.receive(successAnswer(requestIdOf(sent[0])));
    await expect(promise).resolves.toEqual({});
  });

  it('matches answers by request_id when several are in flight (reverse and interleaved order)', async () => {
    const { engine, sent, errors } = setup();
    const promises = Array.from({ length: 5 }, (_, i) => engine.request(`op_${i}`, { i }));
    const ids = sent.map(requestIdOf);
    expect(engine.pendingCount).toBe(5);
    for (const i of [4, 1, 3, 0, 2]) engine.receive(successAnswer(ids[i] as string, { answerFor: i }));
    const results = await Promise.all(promises);
    expect(results).toEqual([0, 1, 2, 3, 4].map((i) => ({ answerFor: i })));
    expect(engine.pendingCount).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an answer settles only its own request', async () => {
    const { engine, sent } = setup();
    const first = track(engine.request('a'));
    const second = track(engine.request('b'));
    engine.receive(successAnswer(requestIdOf(sent[1]), { b: true }));
    await flush();
    expect(first.state).toBe('pending');
    expect(second).toEqual({ state: 'resolved', value: { b: true } });
    expect(engine.pendingCount).toBe(1);
  });

  it('rejects with ControlRequestError carrying subtype, cliMessage and cliErrorCode on an error answer', async () => {
    const { engine, sent, errors } = setup();
    const promise = engine.request('set_model', { model: 'nope' });
    // The exact shape the CLI sends (PROTOCOL.md).
    const line = `{"type":"control_response","response":{"subtype":"error","request_id":"${requestIdOf(sent[0])}","error":"Unable to validate model: nope","error_code":"check_failed"}}`;
    expect(engine.receive(JSON.parse(line) as InboundMessage)).toBe(true);
    const error = await promise.then(
      () => expect.unreachable('should reject'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ControlRequestError);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    const typed = error as ControlRequestError;
    expect(typed.subtype).toBe('set_model');
    expect(typed.cliMessage).toBe('Unable to validate model: nope');
    expect(typed.cliErrorCode).toBe('check_failed');
    expect(typed.code).toBe('CONTROL_REQUEST_ERROR');
    expect(typed.message).toContain('set_model');
    expect(typed.message).toContain('Unable to validate model: nope');
    expect(engine.pendingCount).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an error answer without error_code gives cliErrorCode undefined; without a message, a placeholder', async () => {
    const { engine, sent } = setup();
    const first = engine.request('a');
    const second = engine.request('b');
    engine.receive(errorAnswer(requestIdOf(sent[0]), 'boom'));
    engine.receive({ type: 'control_response', response: { subtype: 'error', request_id: requestIdOf(sent[1]) } });
    await expect(first).rejects.toMatchObject({ cliMessage: 'boom', cliErrorCode: undefined, subtype: 'a' });
    await expect(second).rejects.toMatchObject({ cliMessage: 'unknown error', subtype: 'b' });
  });

  it('an answer for an unknown request id goes to onError and throws nothing', async () => {
    const { engine, sent, errors } = setup();
    const pending = track(engine.request('interrupt'));
    expect(() => engine.receive(successAnswer('req_does_not_exist', {}))).not.toThrow();
    expect(() => engine.receive(errorAnswer('req_other', 'x', 'y'))).not.toThrow();
    expect(errors).toHaveLength(2);
    expect(ProtocolError.isInstance(errors[0])).toBe(true);
    expect(errors[0]?.message).toContain('req_does_not_exist');
    await flush();
    expect(pending.state).toBe('pending');
    expect(engine.pendingCount).toBe(1);
    engine.receive(successAnswer(requestIdOf(sent[0])));
    await flush();
    expect(pending.state).toBe('resolved');
  });

  it('a duplicate answer for an already settled request goes to onError', async () => {
    const { engine, sent, errors } = setup();
    const promise = engine.request('interrupt');
    const id = requestIdOf(sent[0]);
    engine.receive(successAnswer(id, { n: 1 }));
    engine.receive(successAnswer(id, { n: 2 }));
    await expect(promise).resolves.toEqual({ n: 1 });
    expect(errors).toHaveLength(1);
  });

  it('a control_response without a request_id goes to onError', () => {
    const { engine, errors } = setup();
    expect(engine.receive({ type: 'control_response', response: { subtype: 'success' } })).toBe(true);
    expect(engine.receive({ type: 'control_response' })).toBe(true);
    expect(errors).toHaveLength(2);
    expect(errors.every((e) => ProtocolError.isInstance(e))).toBe(true);
  });

  describe('timeouts (an injected clock)', () => {
    let clock: ManualClock;
    beforeEach(() => {
      clock = new ManualClock();
    });

    /** Moves the clock on by `ms`, then lets the callbacks it settled run. */
    async function advance(ms: number): Promise<void> {
      clock.advance(ms);
      await flush();
    }

    it('rejects with ControlTimeoutError after timeoutMs', async () => {
      const { engine } = setup({ clock });
      const result = track(engine.request('mcp_status', {}, { timeoutMs: 1000 }));
      await advance(999);
      expect(result.state).toBe('pending');
      await advance(1);
      expect(result.state).toBe('rejected');
      expect(result.error).toBeInstanceOf(ControlTimeoutError);
      expect(result.error).toMatchObject({ subtype: 'mcp_status', timeoutMs: 1000, code: 'CONTROL_TIMEOUT' });
      expect(engine.pendingCount).toBe(0);
    });

    it('uses defaultTimeoutMs, which defaults to DEFAULT_CONTROL_TIMEOUT_MS (60 s)', async () => {
      expect(DEFAULT_CONTROL_TIMEOUT_MS).toBe(60_000);
      const { engine } = setup({ defaultTimeoutMs: 250, clock });
      const withDefault = new ControlProtocolEngine({ send: async () => {}, clock });
      engines.push(withDefault);
      const a = track(engine.request('a'));
      const b = track(withDefault.request('b'));
      await advance(250);
      expect(a.error).toMatchObject({ subtype: 'a', timeoutMs: 250 });
      await advance(59_999 - 250);
      expect(b.state).toBe('pending');
      await advance(1);
      expect(b.error).toBeInstanceOf(ControlTimeoutError);
      expect(b.error).toMatchObject({ timeoutMs: 60_000 });
    });

    it('a per-request timeoutMs overrides defaultTimeoutMs; 0 disables the timeout', async () => {
      const { engine } = setup({ defaultTimeoutMs: 100, clock });
      const longer = track(engine.request('a', {}, { timeoutMs: 500 }));
      const never = track(engine.request('b', {}, { timeoutMs: 0 }));
      const byDefault = track(engine.request('c'));
      await advance(100);
      expect([longer.state, never.state, byDefault.state]).toEqual(['pending', 'pending', 'rejected']);
      await advance(400);
      expect(longer.state).toBe('rejected');
      await advance(24 * 3600_000);
      expect(never.state).toBe('pending');
      expect(clock.pendingTimers).toBe(0);
    });

    it('an answer clears the timer; a late answer after a timeout goes to onError as unknown id', async () => {
      const { engine, sent, errors } = setup({ clock });
      const answered = track(engine.request('a', {}, { timeoutMs: 1000 }));
      const timedOut = track(engine.request('b', {}, { timeoutMs: 1000 }));
      expect(clock.pendingTimers).toBe(2);
      engine.receive(successAnswer(requestIdOf(sent[0]), { ok: 1 }));
      expect(clock.pendingTimers).toBe(1);
      await advance(1000);
      expect(answered).toEqual({ state: 'resolved', value: { ok: 1 } });
      expect(timedOut.error).toBeInstanceOf(ControlTimeoutError);
      expect(errors).toEqual([]);
      engine.receive(successAnswer(requestIdOf(sent[1]), { late: true }));
      await advance(0);
      expect(timedOut.error).toBeInstanceOf(ControlTimeoutError);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain(requestIdOf(sent[1]));
      expect(clock.pendingTimers).toBe(0);
    });
  });

  describe('abort signals', () => {
    it('rejects with AbortError when the signal aborts, carrying the reason as cause', async () => {
      const { engine } = setup();
      const controller = new AbortController();
      const promise = engine.request('interrupt', {}, { signal: controller.signal });
      const reason = new Error('user gave up');
      controller.abort(reason);
      const error = await promise.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).cause).toBe(reason);
      expect(engine.pendingCount).toBe(0);
    });

    it('rejects at once with AbortError for an already aborted signal, sending nothing', async () => {
      const { engine, sent } = setup();
      const promise = engine.request('interrupt', {}, { signal: AbortSignal.abort('why') });
      await expect(promise).rejects.toBeInstanceOf(AbortError);
      expect(sent).toEqual([]);
      expect(engine.pendingCount).toBe(0);
    });

    it('ignores a late answer after abort (it goes to onError as unknown id)', async () => {
      const { engine, sent, errors } = setup();
      const controller = new AbortController();
      const promise = engine.request('interrupt', {}, { signal: controller.signal });
      controller.abort();
      engine.receive(successAnswer(requestIdOf(sent[0]), { late: true }));
      await expect(promise).rejects.toBeInstanceOf(AbortError);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain('unknown request id');
    });

    it('removes its abort listener once answered (a later abort changes nothing)', async () => {
      const { engine, sent, errors } = setup();
      const controller = new AbortController();
      const remove = vi.spyOn(controller.signal, 'removeEventListener');
      const promise = engine.request('interrupt', {}, { signal: controller.signal });
      engine.receive(successAnswer(requestIdOf(sent[0]), { ok: true }));
      expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
      controller.abort();
      await expect(promise).resolves.toEqual({ ok: true });
      expect(errors).toEqual([]);
    });

    it('aborting one request leaves the others pending', async () => {
      const { engine, sent } = setup();
      const controller = new AbortController();
      const aborted = track(engine.request('a', {}, { signal: controller.signal }));
      const other = track(engine.request('b'));
      controller.abort();
      await flush();
      expect(aborted.state).toBe('rejected');
      expect(other.state).toBe('pending');
      engine.receive(successAnswer(requestIdOf(sent[1])));
      await flush();
      expect(other.state).toBe('resolved');
    });
  });

  it('a send that rejects fails that request (with the send error) and leaves nothing pending', async () => {
    const failure = new Error('pipe closed');
    let fail = false;
    const { engine } = setup({
      send: async () => {
        if (fail) throw failure;
      },
    });
    const ok = track(engine.request('a'));
    fail = true;
    await expect(engine.request('b')).rejects.toBe(failure);
    expect(ok.state).toBe('pending');
    expect(engine.pendingCount).toBe(1);
  });

  it('a send that throws synchronously fails that request and leaves nothing pending', async () => {
    const failure = new Error('sync failure');
    const { engine } = setup({
      send: () => {
        throw failure;
      },
    });
    await expect(engine.request('a')).rejects.toBe(failure);
    expect(engine.pendingCount).toBe(0);
  });

  describe('close(reason)', () => {
    it('rejects every pending request with the reason', async () => {
      const { engine } = setup();
      const promises = [engine.request('a'), engine.request('b'), engine.request('c')];
      const reason = new Error('transport died');
      engine.close(reason);
      expect(engine.pendingCount).toBe(0);
      for (const promise of promises) await expect(promise).rejects.toBe(reason);
    });

    it('rejects later requests at once, sending nothing', async () => {
      const { engine, sent } = setup();
      const reason = new Error('closed');
      engine.close(reason);
      await expect(engine.request('a')).rejects.toBe(reason);
      expect(sent).toEqual([]);
      expect(engine.pendingCount).toBe(0);
    });

    it('is idempotent: a second close keeps the first reason', async () => {
      const { engine } = setup();
      const first = new Error('first');
      engine.close(first);
      engine.close(new Error('second'));
      await expect(engine.request('a')).rejects.toBe(first);
    });

    it('clears the timers of pending requests', () => {
      const clock = new ManualClock();
      const { engine } = setup({ defaultTimeoutMs: 1000, clock });
      void engine.request('a').catch(() => {});
      void engine.request('b').catch(() => {});
      expect(clock.pendingTimers).toBe(2);
      engine.close(new Error('x'));
      expect(clock.pendingTimers).toBe(0);
    });

    it('aborts the signals of running handlers with the reason and drops their answers', async () => {
      const { engine, sent } = setup();
      const release = deferred<Record<string, unknown>>();
      let context: ControlHandlerContext | undefined;
      engine.handle('hook_callback', (_request, ctx) => {
        context = ctx;
        return release.promise;
      });
      engine.receive(inboundRequest('cli_1', { subtype: 'hook_callback' }));
      expect(engine.runningCount).toBe(1);
      const reason = new Error('closing');
      engine.close(reason);
      expect(context?.signal.aborted).toBe(true);
      expect(context?.signal.reason).toBe(reason);
      expect(engine.runningCount).toBe(0);
      release.resolve({ late: true });
      await flush();
      expect(responsesSent(sent)).toEqual([]);
    });

    it('answers inbound requests that arrive after close with an error', async () => {
      const { engine, sent } = setup();
      const handler = vi.fn(async () => ({}));
      engine.handle('can_use_tool', handler);
      engine.close(new Error('bye'));
      expect(engine.receive(inboundRequest('cli_9', { subtype: 'can_use_tool' }))).toBe(true);
      await flush();
      expect(handler).not.toHaveBeenCalled();
      expect(responsesSent(sent)).toEqual([{ subtype: 'error', request_id: 'cli_9', error: expect.any(String) }]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// inbound requests

describe('ControlProtocolEngine — inbound requests', () => {
  it('dispatches by subtype with (request, {requestId, signal}) and answers success with the result', async () => {
    const { engine, sent, errors } = setup();
    const canUseTool = vi.fn(async (_request: ControlRequestBody, _context: ControlHandlerContext) => ({
      behavior: 'allow',
    }));
    const other = vi.fn(async () => ({}));
    engine.handle('can_use_tool', canUseTool);
    engine.handle('hook_callback', other);
    const request = { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' } };
    expect(engine.receive(inboundRequest('cli_1', request))).toBe(true);
    expect(canUseTool).toHaveBeenCalledTimes(1);
    const [body, context] = canUseTool.mock.calls[0] as [ControlRequestBody, ControlHandlerContext];
    expect(body).toEqual(request);
    expect(context.requestId).toBe('cli_1');
    expect(context.signal).toBeInstanceOf(AbortSignal);
    expect(context.signal.aborted).toBe(false);
    expect(other).not.toHaveBeenCalled();
    await flush();
    expect(sent).toEqual([
      {
        type: 'control_response',
        response: { subtype: 'success', request_id: 'cli_1', response: { behavior: 'allow' } },
      },
    ]);
    expect(engine.runningCount).toBe(0);
    expect(errors).toEqual([]);
  });

  it('answers {} when the handler resolves undefined', async () => {
    const { engine, sent } = setup();
    engine.handle('x', async () => undefined);
    engine.receive(inboundRequest('cli_1', { subtype: 'x' }));
    await flush();
    expect(responsesSent(sent)).toEqual([{ subtype: 'success', request_id: 'cli_1', response: {} }]);
  });

  it('handle() replaces an earlier handler for the same subtype', async () => {
    const { engine, sent } = setup();
    engine.handle('x', async () => ({ v: 1 }));
    engine.handle('x', async () => ({ v: 2 }));
    engine.receive(inboundRequest('cli_1', { subtype: 'x' }));
    await flush();
    expect(responsesSent(sent)).toEqual([{ subtype: 'success', request_id: 'cli_1', response: { v: 2 } }]);
  });

  it.each([
    [
      'a sync throw of an Error',
      () => {
        throw new Error('sync boom');
      },
      'sync boom',
    ],
    [
      'a rejection with an Error',
      async () => {
        throw new Error('async boom');
      },
      'async boom',
    ],
    [
      'a sync throw of a string',
      () => {
        throw 'plain string';
      },
      'plain string',
    ],
    ['a rejection with an object', () => Promise.reject({ reason: 'obj' }), '{"reason":"obj"}'],
    [
      'an Error with an empty message',
      async () => {
        throw new TypeError('');
      },
      'TypeError',
    ],
  ] as Array<[string, () => Promise<Record<string, unknown>>, string]>)(
    'answers an error with its message when the handler fails: %s',
    async (_name, handler, message) => {
      const { engine, sent, errors } = setup();
      engine.handle('x', handler);
      expect(() => engine.receive(inboundRequest('cli_1', { subtype: 'x' }))).not.toThrow();
      await flush();
      expect(sent).toEqual([
        { type: 'control_response', response: { subtype: 'error', request_id: 'cli_1', error: message } },
      ]);
      expect(engine.runningCount).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it('answers an unknown subtype with the official unsupported_request error and never throws', async () => {
    const { engine, sent } = setup();
    expect(() => engine.receive(inboundRequest('cli_1', { subtype: 'brand_new_thing', x: 1 }))).not.toThrow();
    await flush();
    const [response] = responsesSent(sent);
    expect(response).toEqual({
      subtype: 'error',
      request_id: 'cli_1',
      error: 'Unsupported control request subtype: brand_new_thing',
      error_code: UNSUPPORTED_REQUEST_ERROR_CODE,
    });
    expect(UNSUPPORTED_REQUEST_ERROR_CODE).toBe('unsupported_request');
  });

  it('writes no answer when the handler resolves NO_CONTROL_RESPONSE (cancellable or not)', async () => {
    const { engine, sent } = setup();
    engine.handle('x', async () => NO_CONTROL_RESPONSE);
    engine.handle('y', async () => NO_CONTROL_RESPONSE, { cancellable: false });
    engine.receive(inboundRequest('cli_1', { subtype: 'x' }));
    engine.receive(inboundRequest('cli_2', { subtype: 'y' }));
    await flush();
    expect(sent).toEqual([]);
    expect(engine.runningCount).toBe(0);
    expect(NO_CONTROL_RESPONSE).toBe(Symbol.for('hexagent.control.noResponse'));
  });

  it('reports a control_request without request_id to onError and answers nothing', async () => {
    const { engine, sent, errors } = setup();
    const handler = vi.fn(async () => ({}));
    engine.handle('x', handler);
    expect(engine.receive({ type: 'control_request', request: { subtype: 'x' } })).toBe(true);
    expect(engine.receive({ type: 'control_request', request_id: 42, request: { subtype: 'x' } })).toBe(true);
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(errors.every((e) => ProtocolError.isInstance(e))).toBe(true);
  });

  it('reports a control_request without subtype (or body) to onError and answers an error', async () => {
    const { engine, sent, errors } = setup();
    expect(engine.receive({ type: 'control_request', request_id: 'cli_1', request: {} })).toBe(true);
    expect(engine.receive({ type: 'control_request', request_id: 'cli_2' })).toBe(true);
    expect(engine.receive({ type: 'control_request', request_id: 'cli_3', request: { subtype: 7 } })).toBe(true);
    await flush();
    expect(errors).toHaveLength(3);
    expect(responsesSent(sent)).toEqual(
      ['cli_1', 'cli_2', 'cli_3'].map((id) => ({ subtype: 'error', request_id: id, error: expect.any(String) })),
    );
  });

  it('control_cancel_request aborts that handler’s signal only', async () => {
    const { engine, sent } = setup();
    const contexts = new Map<string, ControlHandlerContext>();
    engine.handle('can_use_tool', (_request, context) => {
      contexts.set(context.requestId, context);
      return new Promise((_resolve, reject) => {
        context.signal.addEventListener('abort', () => reject(context.signal.reason));
      });
    });
    engine.receive(inboundRequest('cli_1', { subtype: 'can_use_tool' }));
    engine.receive(inboundRequest('cli_2', { subtype: 'can_use_tool' }));
    expect(engine.receive({ type: 'control_cancel_request', request_id: 'cli_1' })).toBe(true);
    expect(contexts.get('cli_1')?.signal.aborted).toBe(true);
    expect(AbortError.isInstance(contexts.get('cli_1')?.signal.reason)).toBe(true);
    expect(contexts.get('cli_2')?.signal.aborted).toBe(false);
    await flush();
    expect(responsesSent(sent)).toEqual([{ subtype: 'error', request_id: 'cli_1', error: expect.any(String) }]);
    expect(engine.runningCount).toBe(1);
  });

  describe('a subtype registered with cancellable: false', () => {
    it('is answered as usual, concurrently, without being tracked per request', async () => {
      const { engine, sent } = setup();
      const slow = deferred<Record<string, unknown>>();
      engine.handle(
        'mcp_message',
        (request) => (request.which === 'slow' ? slow.promise : Promise.resolve({ ok: 1 })),
        {
          cancellable: false,
        },
      );
      engine.receive(inboundRequest('cli_slow', { subtype: 'mcp_message', which: 'slow' }));
      engine.receive(inboundRequest('cli_fast', { subtype: 'mcp_message', which: 'fast' }));
      expect(engine.runningCount).toBe(0);
      await flush();
      expect(responsesSent(sent)).toEqual([{ subtype: 'success', request_id: 'cli_fast', response: { ok: 1 } }]);
      slow.resolve({ ok: 2 });
      await flush();
      expect(responsesSent(sent)[1]).toEqual({ subtype: 'success', request_id: 'cli_slow', response: { ok: 2 } });
    });

    it('answers a throw or a rejection with an error answer', async () => {
      const { engine, sent } = setup();
      engine.handle(
        'mcp_message',
        (request) => {
          if (request.how === 'throw') throw new Error('thrown');
          return Promise.reject(new Error('rejected'));
        },
        { cancellable: false },
      );
      engine.receive(inboundRequest('cli_1', { subtype: 'mcp_message', how: 'throw' }));
      engine.receive(inboundRequest('cli_2', { subtype: 'mcp_message', how: 'reject' }));
      await flush();
      expect(responsesSent(sent)).toEqual([
        { subtype: 'error', request_id: 'cli_1', error: 'thrown' },
        { subtype: 'error', request_id: 'cli_2', error: 'rejected' },
      ]);
    });

    it('ignores control_cancel_request, aborts the signal on close, and answers nothing after close', async () => {
      const { engine, sent } = setup();
      const pending = deferred<Record<string, unknown>>();
      let context: ControlHandlerContext | undefined;
      engine.handle(
        'mcp_message',
        (_request, handlerContext) => {
          context = handlerContext;
          return pending.promise;
        },
        { cancellable: false },
      );
      engine.receive(inboundRequest('cli_1', { subtype: 'mcp_message' }));
      expect(context?.requestId).toBe('cli_1');
      engine.receive({ type: 'control_cancel_request', request_id: 'cli_1' });
      expect(context?.signal.aborted).toBe(false);
      const reason = new Error('closing');
      engine.close(reason);
      expect(context?.signal.aborted).toBe(true);
      expect(context?.signal.reason).toBe(reason);
      pending.resolve({ late: true });
      await flush();
      expect(responsesSent(sent)).toEqual([]);
    });
  });

  it('a cancel for an unknown or missing request id is harmless', () => {
    const { engine, errors } = setup();
    expect(() => engine.receive({ type: 'control_cancel_request', request_id: 'nope' })).not.toThrow();
    expect(() => engine.receive({ type: 'control_cancel_request' })).not.toThrow();
    expect(errors).toEqual([]);
  });

  it('runs inbound requests concurrently: a slow handler does not block a fast one', async () => {
    const { engine, sent } = setup();
    const slow = deferred<Record<string, unknown>>();
    engine.handle('mcp_message', async (request) => {
      if (request.which === 'slow') return slow.promise;
      return { which: request.which };
    });
    engine.receive(inboundRequest('cli_slow', { subtype: 'mcp_message', which: 'slow' }));
    engine.receive(inboundRequest('cli_fast_1', { subtype: 'mcp_message', which: 'fast_1' }));
    engine.receive(inboundRequest('cli_fast_2', { subtype: 'mcp_message', which: 'fast_2' }));
    expect(engine.runningCount).toBe(3);
    await flush();
    expect(responsesSent(sent).map((r) => r.request_id)).toEqual(['cli_fast_1', 'cli_fast_2']);
    expect(engine.runningCount).toBe(1);
    slow.resolve({ which: 'slow' });
    await flush();
    expect(responsesSent(sent).map((r) => r.request_id)).toEqual(['cli_fast_1', 'cli_fast_2', 'cli_slow']);
    expect(engine.runningCount).toBe(0);
  });

  it('reports a failed write of an answer to onError', async () => {
    const { engine, errors } = setup({
      send: async () => {
        throw new Error('EPIPE');
      },
    });
    engine.handle('x', async () => ({}));
    engine.receive(inboundRequest('cli_1', { subtype: 'x' }));
    await flush();
    expect(errors.map((e) => e.message)).toEqual(['EPIPE']);
  });

  it('reports a send that throws synchronously while answering to onError; receive never throws', async () => {
    const { engine, errors } = setup({
      send: () => {
        throw new Error('sync EPIPE');
      },
    });
    engine.handle('x', async () => ({}));
    expect(() => engine.receive(inboundRequest('cli_1', { subtype: 'x' }))).not.toThrow();
    expect(() => engine.receive(inboundRequest('cli_2', { subtype: 'unknown_subtype' }))).not.toThrow();
    await flush();
    expect(errors.map((e) => e.message)).toEqual(['sync EPIPE', 'sync EPIPE']);
  });

  it('answers outbound and inbound traffic independently on the same engine', async () => {
    const { engine, sent } = setup();
    engine.handle('x', async () => ({ served: true }));
    const outbound = engine.request('interrupt');
    engine.receive(inboundRequest('cli_1', { subtype: 'x' }));
    engine.receive(successAnswer(requestIdOf(sent[0]), { still_queued: [] }));
    await expect(outbound).resolves.toEqual({ still_queued: [] });
    await flush();
    expect(responsesSent(sent)).toEqual([{ subtype: 'success', request_id: 'cli_1', response: { served: true } }]);
  });
});

describe('ControlProtocolEngine — receive()', () => {
  it.each(['assistant', 'user', 'result', 'system', 'stream_event', 'tool_progress', 'something_unknown'])(
    'returns false for a %s message and sends nothing',
    (type) => {
      const { engine, sent, errors } = setup();
      expect(engine.receive({ type, subtype: 'success', request_id: 'x' })).toBe(false);
      expect(sent).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('returns true for control_request, control_response and control_cancel_request', () => {
    const { engine } = setup();
    expect(engine.receive(inboundRequest('cli_1', { subtype: 'unknown' }))).toBe(true);
    expect(engine.receive(successAnswer('nobody'))).toBe(true);
    expect(engine.receive({ type: 'control_cancel_request', request_id: 'cli_1' })).toBe(true);
  });
});

describe('errorMessage', () => {
  it('reads Errors, strings, JSON-able values and the rest', () => {
    expect(errorMessage(new Error('m'))).toBe('m');
    expect(errorMessage(new RangeError(''))).toBe('RangeError');
    expect(errorMessage('s')).toBe('s');
    expect(errorMessage({ a: 1 })).toBe('{"a":1}');
    expect(errorMessage(undefined)).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorMessage(cyclic)).toBe('[object Object]');
    expect(errorMessage(10n)).toBe('10');
  });
});

// ---------------------------------------------------------------------------------------------
// property: random interleavings of fates

type Fate = 'success' | 'error' | 'timeout' | 'abort' | 'close';

describe('ControlProtocolEngine — property: every request settles exactly as its fate says', () => {
  it('holds for random fates delivered in random order', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc
            .array(fc.constantFrom<Fate>('success', 'error', 'timeout', 'abort', 'close'), {
              minLength: 1,
              maxLength: 12,
            })
            .chain((fates) =>
              fc.record({
                fates: fc.constant(fates),
                // The order in which the fates (other than close) are delivered.
                order: fc.shuffledSubarray(
                  fates.map((_, i) => i),
                  { minLength: fates.length, maxLength: fates.length },
                ),
                timeouts: fc.array(fc.integer({ min: 1, max: 5000 }), {
                  minLength: fates.length,
                  maxLength: fates.length,
                }),
                lateAnswers: fc.boolean(),
                noise: fc.boolean(),
              }),
            ),
          async ({ fates, order, timeouts, lateAnswers, noise }) => {
            vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
            try {
              const sent: OutboundMessage[] = [];
              const errors: Error[] = [];
              const engine = new ControlProtocolEngine({
                send: async (message) => {
                  sent.push(message);
                },
                onError: (error) => errors.push(error),
                defaultTimeoutMs: 0,
              });
              const controllers = fates.map(() => new AbortController());
              const results = fates.map((fate, i) =>
                track(
                  engine.request(
                    `op_${i}`,
                    { i },
                    {
                      signal: (controllers[i] as AbortController).signal,
                      // Only the `timeout` fate may ever reach its deadline.
                      timeoutMs: fate === 'timeout' ? (timeouts[i] as number) : fate === 'close' ? 0 : 1_000_000_000,
                    },
                  ),
                ),
              );
              const ids = sent.map(requestIdOf);
              expect(new Set(ids).size).toBe(fates.length);
              let now = 0;
              let expectedErrors = 0;
              for (const i of order) {
                const id = ids[i] as string;
                const fate = fates[i] as Fate;
                if (noise) expect(engine.receive({ type: 'assistant', message: { i } })).toBe(false);
                switch (fate) {
                  case 'success':
                    engine.receive(successAnswer(id, { i }));
                    break;
                  case 'error':
                    engine.receive(errorAnswer(id, `failed ${i}`, `code_${i}`));
                    break;
                  case 'timeout': {
                    const deadline = timeouts[i] as number;
                    if (deadline > now) {
                      await vi.advanceTimersByTimeAsync(deadline - now);
                      now = deadline;
                    }
                    break;
                  }
                  case 'abort':
                    (controllers[i] as AbortController).abort(new Error(`abort ${i}`));
                    break;
                  case 'close':
                    break;
                }
              }
              if (lateAnswers) {
                for (const [i, fate] of fates.entries()) {
                  if (fate === 'close') continue;
                  // A second (late) answer must be ignored and reported.
                  engine.receive(successAnswer(ids[i] as string, { late: true }));
                  expectedErrors += 1;
                }
              }
              const closeReason = new Error('closed');
              engine.close(closeReason);
              await vi.advanceTimersByTimeAsync(0);
              await Promise.resolve();

              expect(engine.pendingCount).toBe(0);
              expect(errors).toHaveLength(expectedErrors);
              for (const [i, fate] of fates.entries()) {
                const result = results[i] as ReturnType<typeof track>;
                switch (fate) {
                  case 'success':
                    expect(result).toEqual({ state: 'resolved', value: { i } });
                    break;
                  case 'error':
                    expect(result.state).toBe('rejected');
                    expect(result.error).toBeInstanceOf(ControlRequestError);
                    expect(result.error).toMatchObject({
                      subtype: `op_${i}`,
                      cliMessage: `failed ${i}`,
                      cliErrorCode: `code_${i}`,
                    });
                    break;
                  case 'timeout':
                    expect(result.state).toBe('rejected');
                    expect(result.error).toBeInstanceOf(ControlTimeoutError);
                    expect(result.error).toMatchObject({ subtype: `op_${i}`, timeoutMs: timeouts[i] });
                    break;
                  case 'abort':
                    expect(result.state).toBe('rejected');
                    expect(result.error).toBeInstanceOf(AbortError);
                    expect((result.error as AbortError).cause).toEqual(new Error(`abort ${i}`));
                    break;
                  case 'close':
                    expect(result).toEqual({ state: 'rejected', error: closeReason });
                    break;
                }
              }
              // No timer survives: every settled request cleared its own.
              expect(vi.getTimerCount()).toBe(0);
            } finally {
              vi.useRealTimers();
            }
          },
        ),
        { numRuns: 300 },
      );
      await flush();
      await flush();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('ControlProtocolEngine ids', () => {
  it('prefixes request ids with 6 characters of a uuid from its id source, then counts', async () => {
    const sent: OutboundMessage[] = [];
    const engine = new ControlProtocolEngine({
      send: async (message) => {
        sent.push(message);
      },
      defaultTimeoutMs: 0,
      ids: { uuid: () => 'abcdef12-0000-4000-8000-000000000000' },
    });
    void engine.request('a').catch(() => {});
    void engine.request('b').catch(() => {});
    expect(sent.map(requestIdOf)).toEqual(['req_abcdef_1', 'req_abcdef_2']);
    engine.close(new Error('done'));
  });
});
