/**
 * The end of input after a `result` the CLI's run outlives (a background subagent waking the main
 * agent for a follow-up turn), on the fake transport playing the CLI as 2.1.332 writes it: the
 * input stays open until the CLI reports `idle` (or the ceiling passes), so the follow-up's hook is
 * answered; a session that needs nothing of the SDK ends it at the result; a late request after
 * the end does not fail the session. The real CLI: packages/sdk/test/e2e/parity/background-agents.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectMessages, FakeTransport, flush, resultMessage } from '../../test/helpers/fakes.js';
import { TransportInputClosedError } from '../ports/transport-input-closed-error.js';
import type { Options } from '../types/options.js';
import { ManualClock } from '../util/manual-clock.js';
import { Session } from './session.js';

const sessions: Session[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

const state = (value: string) => ({
  type: 'system',
  subtype: 'session_state_changed',
  state: value,
  sdk_host_only: true,
  session_id: 's',
});
const hookCallback = { subtype: 'hook_callback', callback_id: 'hook_0', input: { hook_event_name: 'PreToolUse' } };

/** A running session whose string prompt was sent and whose input was then declared done, as `query()` does. */
async function promptSent(options: Options = {}, runEndCeilingMs?: number) {
  const clock = new ManualClock();
  const transport = new FakeTransport();
  const session = new Session({
    transport,
    options,
    clock,
    ...(runEndCeilingMs !== undefined && { runEndCeilingMs }),
  });
  sessions.push(session);
  const messages = collectMessages(session);
  await session.start();
  await transport.answer('initialize', {});
  await session.sendUserMessage('Start a subagent in the background.');
  session.endInput();
  return { session, transport, clock, messages };
}

const hooked = (calls: string[]): Options => ({
  hooks: {
    PreToolUse: [
      {
        hooks: [
          async () => {
            calls.push('PreToolUse');
            return { continue: true };
          },
        ],
      },
    ],
  },
});

describe('Session: the input after a result, with a background subagent', () => {
  it('stays open until idle: the follow-up turn’s hook is answered, then the input ends', async () => {
    const calls: string[] = [];
    const { transport, messages } = await promptSent(hooked(calls));
    transport.emit(state('running'));
    transport.emit({ type: 'assistant', message: { content: [] }, parent_tool_use_id: null });
    transport.emit(resultMessage({ result: 'started it, waiting' }));
    await flush();
    expect(transport.endInputCalls).toBe(0);
    // The subagent finished; the CLI wakes the main agent.
    transport.emit({ type: 'system', subtype: 'task_notification', task_id: 't', status: 'completed' });
    transport.emit({ type: 'assistant', message: { content: [] }, parent_tool_use_id: null });
    const answer = await transport.ask('cli_1', hookCallback);
    expect(answer).toMatchObject({ subtype: 'success', response: { continue: true } });
    expect(calls).toEqual(['PreToolUse']);
    transport.emit(resultMessage({ result: 'answer=42' }));
    await flush();
    expect(transport.endInputCalls).toBe(0);
    transport.emit(state('idle'));
    await flush();
    expect(transport.endInputCalls).toBe(1);
    transport.endOutput();
    const { messages: seen, error } = await messages;
    expect(error).toBeUndefined();
    expect(seen.filter((m) => m.type === 'result').map((m) => (m as { result?: string }).result)).toEqual([
      'started it, waiting',
      'answer=42',
    ]);
  });

  it('ends it at the ceiling (runEndCeilingMs) when idle never comes', async () => {
    const { transport, clock } = await promptSent(hooked([]), 5000);
    transport.emit(state('running'));
    transport.emit(resultMessage());
    await flush();
    clock.advance(4999);
    expect(transport.endInputCalls).toBe(0);
    clock.advance(1);
    expect(transport.endInputCalls).toBe(1);
  });

  it('ends it at the result when the session needs nothing of the SDK (no servers, hooks or callbacks)', async () => {
    const { transport } = await promptSent();
    transport.emit(state('running'));
    transport.emit(resultMessage());
    await flush();
    expect(transport.endInputCalls).toBe(1);
  });

  it('ends it at the result with a CLI that reports no state (older than 2.1.332’s reports)', async () => {
    const { transport } = await promptSent(hooked([]));
    transport.emit(resultMessage());
    await flush();
    expect(transport.endInputCalls).toBe(1);
  });

  it('a request the CLI sends after the input ended goes unanswered without failing the session', async () => {
    const { session, transport, clock, messages } = await promptSent(hooked([]), 1000);
    transport.emit(state('running'));
    transport.emit(resultMessage());
    await flush();
    clock.advance(1000);
    expect(transport.endInputCalls).toBe(1);
    const closed = new TransportInputClosedError({ message: 'endInput() was called' });
    const send = vi.fn(async () => {
      throw closed;
    });
    transport.send = send;
    transport.emit({ type: 'control_request', request_id: 'cli_late', request: hookCallback });
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await flush();
    expect(session.isClosed).toBe(false);
    transport.emit(resultMessage({ result: 'late' }));
    transport.endOutput();
    const { error } = await messages;
    expect(error).toBeUndefined();
  });

  it('waitForRunEnd() resolves at the idle with the number of messages handed out before it', async () => {
    const { session, transport } = await promptSent(hooked([]));
    const ended = vi.fn();
    void session.waitForRunEnd().then(ended);
    transport.emit(state('running'));
    transport.emit({ type: 'assistant', message: { content: [] }, parent_tool_use_id: null });
    transport.emit(resultMessage());
    transport.emit({ type: 'assistant', message: { content: [] }, parent_tool_use_id: null });
    transport.emit(resultMessage());
    await flush();
    expect(ended).not.toHaveBeenCalled();
    transport.emit(state('idle'));
    await flush();
    expect(ended).toHaveBeenCalledWith({ messageCount: 4 });
  });
});
