import { describe, expect, it, vi } from 'vitest';
import { FakeProcessError, resultMessage } from '../../test/helpers/fakes.js';
import { ResultError } from '../errors/result-error.js';
import type { InboundMessage } from '../types/control.js';
import { createInboundSink } from './inbound-sink.js';
import { TurnLedger } from './turn-ledger.js';

function routes(isControl: (message: InboundMessage) => boolean = () => false) {
  const turns = new TurnLedger(vi.fn());
  const parts = {
    protocol: { receive: vi.fn(isControl) },
    output: { push: vi.fn() },
    turns,
    end: vi.fn(),
  };
  return { ...parts, sink: createInboundSink(parts) };
}

describe('createInboundSink', () => {
  it('gives control messages to the protocol and every other message to the output, in order', () => {
    const { sink, protocol, output } = routes((message) => message.type === 'control_response');
    const control = { type: 'control_response', response: { subtype: 'success', request_id: '1' } };
    const assistant = { type: 'assistant', message: {} };
    const unknown = { type: 'brand_new_type', payload: [1] };
    sink.message(control);
    sink.message(assistant);
    sink.message(unknown);
    expect(protocol.receive.mock.calls.map(([message]) => message)).toEqual([control, assistant, unknown]);
    expect(output.push.mock.calls.map(([message]) => message)).toEqual([assistant, unknown]);
  });

  it('consumes keep_alive, transcript_mirror and host-only session_state_changed, handing transcript_mirror on', () => {
    const { sink, output } = routes();
    const keepAlive = { type: 'keep_alive' };
    const mirror = { type: 'transcript_mirror', filePath: '/t.jsonl', entries: [{ type: 'user' }] };
    const hostOnly = { type: 'system', subtype: 'session_state_changed', state: 'running', sdk_host_only: true };
    const forUser = { type: 'system', subtype: 'session_state_changed', state: 'running' };
    for (const message of [keepAlive, mirror, hostOnly, forUser]) sink.message(message);
    expect(output.push.mock.calls.map(([message]) => message)).toEqual([forUser]);
    const mirrored: InboundMessage[] = [];
    const withMirror = createInboundSink({
      protocol: { receive: () => false },
      output: { push: vi.fn() },
      turns: new TurnLedger(vi.fn()),
      end: vi.fn(),
      mirror: { receive: (message) => mirrored.push(message), idle: true, flush: async () => {} },
    });
    withMirror.message(keepAlive);
    withMirror.message(mirror);
    expect(mirrored).toEqual([mirror]);
  });

  it('tells the turns of every state the CLI reports (host-only or not) and of the main agent’s messages only', () => {
    const turns = { resultReceived: vi.fn(), stateReported: vi.fn(), mainAgentActive: vi.fn() };
    const output = { push: vi.fn() };
    const sink = createInboundSink({ protocol: { receive: () => false }, output, turns, end: vi.fn() });
    sink.message({ type: 'system', subtype: 'session_state_changed', state: 'running', sdk_host_only: true });
    sink.message({ type: 'assistant', message: {}, parent_tool_use_id: null });
    sink.message({ type: 'assistant', message: {}, parent_tool_use_id: 'toolu_agent' });
    sink.message({ type: 'stream_event', event: {}, parent_tool_use_id: null });
    sink.message({ type: 'assistant', message: {} });
    sink.message({ type: 'system', subtype: 'session_state_changed', state: 'requires_action' });
    sink.message({ type: 'system', subtype: 'session_state_changed' });
    sink.message(resultMessage());
    sink.message({ type: 'system', subtype: 'session_state_changed', state: 'idle', sdk_host_only: true });
    expect(turns.stateReported.mock.calls).toEqual([['running'], ['requires_action'], ['idle']]);
    expect(turns.mainAgentActive).toHaveBeenCalledTimes(2);
    expect(turns.resultReceived).toHaveBeenCalledTimes(1);
    expect(output.push).toHaveBeenCalledTimes(7);
  });

  it('tells keepAlive of every keep_alive (a start-up mark or not), yielding none of them', () => {
    const keepAlive = vi.fn();
    const output = { push: vi.fn() };
    const sink = createInboundSink({
      protocol: { receive: () => false },
      output,
      turns: new TurnLedger(vi.fn()),
      keepAlive,
      end: vi.fn(),
    });
    const marked = { type: 'keep_alive', startup_mark: 'settings_loaded' };
    const plain = { type: 'keep_alive' };
    const odd = { type: 'keep_alive', startup_mark: 7, extra: true };
    for (const message of [marked, plain, odd]) sink.message(message);
    expect(keepAlive.mock.calls.map(([message]) => message)).toEqual([marked, plain, odd]);
    expect(output.push).not.toHaveBeenCalled();
  });

  it('counts each result as the answer to a turn, after handing it to the output', () => {
    const { sink, output, turns } = routes();
    const seen: string[] = [];
    output.push.mockImplementation(() => seen.push(`push idle=${turns.isIdle}`));
    turns.userMessageSent();
    sink.message(resultMessage());
    expect(seen).toEqual(['push idle=false']);
    expect(turns.isIdle).toBe(true);
  });

  it('passes the end of the output on, with its error', () => {
    const { sink, end } = routes();
    const failure = new FakeProcessError({ exitCode: 1, stderrTail: 'fatal' });
    sink.end(failure);
    expect(end).toHaveBeenCalledWith(failure);
    const clean = routes();
    clean.sink.end(undefined);
    expect(clean.end).toHaveBeenCalledWith(undefined);
  });

  it('ends with a ResultError in place of the exit after a failed turn (the official SDK throws so)', () => {
    const { sink, end, turns } = routes();
    turns.open();
    turns.userMessageSent();
    const failed = { ...resultMessage(), subtype: 'error_max_turns', is_error: true, errors: ['Reached maximum'] };
    sink.message(failed);
    turns.requestEndInput();
    const exit = new FakeProcessError({ exitCode: 1, stderrTail: '' });
    sink.end(exit);
    const error = end.mock.calls[0]?.[0] as ResultError;
    expect(ResultError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Claude Code returned an error result: Reached maximum');
    expect(error.result).toBe(failed);
    expect(error.cause).toBe(exit);
  });

  it('keeps other errors after a failed last turn, and the exit after a later message', () => {
    for (const error of [new Error('decode failed')]) {
      const { sink, end } = routes();
      sink.message({ ...resultMessage(), is_error: true });
      sink.end(error);
      expect(end).toHaveBeenCalledWith(error);
    }
    const { sink, end } = routes();
    sink.message({ ...resultMessage(), is_error: true, result: 'API Error: 500' });
    sink.message({ type: 'assistant', message: {} });
    const exit = new FakeProcessError({ exitCode: 1, stderrTail: '' });
    sink.end(exit);
    expect(end).toHaveBeenCalledWith(exit);
  });
});
