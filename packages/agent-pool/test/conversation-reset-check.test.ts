import type { SDKMessage } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { ConversationResetCheck } from '../src/conversation-reset-check.js';
import { PoolRecycleError } from '../src/pool-recycle-error.js';

/** The messages Claude Code 2.1.329 wrote for `/clear` after a finished turn (trimmed). */
const init = (sessionId: string, extra: Record<string, unknown> = {}) =>
  ({
    type: 'system',
    subtype: 'init',
    session_id: sessionId,
    cwd: '/srv/app',
    model: 'claude-opus-5-5',
    permissionMode: 'default',
    ...extra,
  }) as unknown as SDKMessage;
const reset = { type: 'conversation_reset', new_conversation_id: 'c2', uuid: 'c2', trigger: 'clear', session_id: 's1' };
const tasks = (ids: string[]) => ({
  type: 'system',
  subtype: 'background_tasks_changed',
  tasks: ids.map((task_id) => ({ task_id, task_type: 'local_bash', description: 'x' })),
  session_id: 's1',
});
const result = (sessionId: string, extra: Record<string, unknown> = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: '',
  local_command: 'clear',
  session_id: sessionId,
  ...extra,
});

function run(
  messages: unknown[],
  before = { sessionId: 's1', init: { model: 'claude-opus-5-5', permissionMode: 'default', cwd: '/srv/app' } },
) {
  const check = new ConversationResetCheck(before);
  const verdicts = messages.map((message) => check.receive(message as SDKMessage));
  expect(verdicts.slice(0, -1).every((v) => v === undefined)).toBe(true);
  return verdicts.at(-1);
}

describe('ConversationResetCheck', () => {
  it('accepts the real CLI’s answer to /clear: reset, no tasks, a new session id, the same settings', () => {
    expect(run([reset, tasks([]), init('s2'), result('s2')])).toEqual({ sessionId: 's2' });
    // Without a first system/init to compare with, the settings are not compared.
    expect(
      run([reset, init('s2', { model: 'x' }), result('s2')], { sessionId: 's1', init: undefined as never }),
    ).toEqual({ sessionId: 's2' });
  });

  it.each([
    ['no conversation_reset', [tasks([]), init('s2'), result('s2')], /no conversation_reset came/],
    ['the same session id', [reset, init('s1'), result('s1')], /session id did not change/],
    [
      'a failed turn',
      [reset, init('s2'), result('s2', { subtype: 'error_during_execution', is_error: true })],
      /turn failed/,
    ],
    [
      'background tasks left',
      [reset, tasks(['b1', 'b2']), init('s2'), result('s2')],
      /background tasks still run \(b1, b2\)/,
    ],
    ['another model', [reset, init('s2', { model: 'claude-sonnet' }), result('s2')], /the model changed/],
    [
      'another permission mode',
      [reset, init('s2', { permissionMode: 'plan' }), result('s2')],
      /permissionMode changed \(default -> plan\)/,
    ],
    ['another cwd', [reset, init('s2', { cwd: '/tmp' }), result('s2')], /the cwd changed/],
    [
      'a model call',
      [reset, init('s2'), { type: 'assistant', session_id: 's2' }, result('s2')],
      /the model was called/,
    ],
  ])('refuses %s', (_name, messages, reason) => {
    const verdict = run(messages);
    expect(PoolRecycleError.isInstance(verdict)).toBe(true);
    expect((verdict as PoolRecycleError).code).toBe('POOL_RECYCLE_FAILED');
    expect((verdict as PoolRecycleError).message).toMatch(reason);
  });
});
