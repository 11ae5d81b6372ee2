import { isAssistantMessage, isResultSuccess, isSystemInitMessage } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { assistantMessage, FAKE_SESSION_ID, resultMessage, systemInitMessage } from './cli-messages.js';

describe('the wire message builders', () => {
  it('build messages core reads as what they are, with the fields a consumer reads', () => {
    const result = resultMessage();
    expect(isResultSuccess(result)).toBe(true);
    expect(result).toMatchObject({ session_id: FAKE_SESSION_ID, is_error: false, num_turns: 1, total_cost_usd: 0 });
    expect(isAssistantMessage(assistantMessage('hi'))).toBe(true);
    expect(assistantMessage('hi')).toMatchObject({ message: { content: [{ type: 'text', text: 'hi' }] } });
    expect(isSystemInitMessage(systemInitMessage())).toBe(true);
  });

  it('let a test replace any field, and build a fresh object each time', () => {
    const error = resultMessage({ subtype: 'error_during_execution', is_error: true, session_id: 's' });
    expect(error).toMatchObject({ subtype: 'error_during_execution', is_error: true, session_id: 's' });
    expect(assistantMessage('x', { session_id: 's' }).session_id).toBe('s');
    expect(systemInitMessage({ model: 'm' }).model).toBe('m');
    expect(resultMessage()).not.toBe(resultMessage());
  });
});
