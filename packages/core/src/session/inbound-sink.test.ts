import { describe, expect, it, vi } from 'vitest';
import { FakeProcessError, resultMessage } from '../../test/helpers/fakes.js';
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

  it('drops a non-zero exit after the input ended on a failed last turn: the caller has that result already', () => {
    const { sink, end, turns } = routes();
    turns.open();
    turns.userMessageSent();
    sink.message({ ...resultMessage(), subtype: 'error_max_turns', is_error: true });
    turns.requestEndInput();
    sink.end(new FakeProcessError({ exitCode: 1, stderrTail: '' }));
    expect(end).toHaveBeenCalledWith(undefined);
  });

  it('keeps other errors after a failed last turn: a ProcessError without exit code, or any other error', () => {
    for (const error of [new FakeProcessError({ message: 'pipe broke' }), new Error('decode failed')]) {
      const { sink, end, turns } = routes();
      turns.open();
      turns.userMessageSent();
      sink.message({ ...resultMessage(), is_error: true });
      turns.requestEndInput();
      sink.end(error);
      expect(end).toHaveBeenCalledWith(error);
    }
  });
});
