import { describe, expect, it } from 'vitest';
import { FakeProcessError, resultMessage } from '../../test/helpers/fakes.js';
import { AbortError } from '../errors/abort-error.js';
import { ResultError } from '../errors/result-error.js';
import type { SDKResultMessage } from '../types/messages/result-message.js';
import { ErrorResultTracker, errorResultText } from './error-result-tracker.js';

const apiError = resultMessage({ is_error: true, result: 'API Error: 400 bad request', api_error_status: 400 });
const maxTurns = resultMessage({
  subtype: 'error_max_turns',
  is_error: true,
  result: undefined,
  errors: ['Reached maximum number of turns (1)'],
});
const exit1 = () => new FakeProcessError({ exitCode: 1, stderrTail: '' });

function tracked(...messages: Array<Record<string, unknown>>): ErrorResultTracker {
  const tracker = new ErrorResultTracker();
  for (const message of messages) tracker.observe(message as never);
  return tracker;
}

describe('errorResultText', () => {
  it("is the official SDK's choice: result for a success subtype, else the errors trimmed and joined", () => {
    expect(errorResultText(apiError as unknown as SDKResultMessage)).toBe('API Error: 400 bad request');
    expect(errorResultText(maxTurns as unknown as SDKResultMessage)).toBe('Reached maximum number of turns (1)');
    const several = resultMessage({ subtype: 'error_during_execution', errors: [' a ', '', 'b\n', 3] });
    expect(errorResultText(several as unknown as SDKResultMessage)).toBe('a; b');
    const none = resultMessage({ subtype: 'error_during_execution', errors: undefined });
    expect(errorResultText(none as unknown as SDKResultMessage)).toBe('');
  });
});

describe('ErrorResultTracker', () => {
  it('replaces the exit after an error result with a ResultError carrying the result, text and exit code', () => {
    const exit = exit1();
    const error = tracked({ type: 'system', subtype: 'init' }, apiError).endError(exit);
    expect(ResultError.isInstance(error)).toBe(true);
    const result = error as ResultError;
    expect(result.message).toBe('Claude Code returned an error result: API Error: 400 bad request');
    expect(result.result).toBe(apiError);
    expect(result.exitCode).toBe(1);
    expect(result.cause).toBe(exit);
    expect(result.code).toBe('ERROR_RESULT');
    const turns = tracked(maxTurns).endError(exit1()) as ResultError;
    expect(turns.message).toBe('Claude Code returned an error result: Reached maximum number of turns (1)');
  });

  it('keeps the exit error when the last result succeeded, had no text, or there was none', () => {
    for (const tracker of [
      tracked(),
      tracked(resultMessage()),
      tracked(resultMessage({ is_error: true, result: '' })),
      tracked(resultMessage({ subtype: 'error_during_execution', is_error: true, errors: [] })),
    ]) {
      const exit = exit1();
      expect(tracker.endError(exit)).toBe(exit);
      expect(tracker.pendingError()).toBeUndefined();
    }
  });

  it('a later message forgets the failure; status frames between turns do not', () => {
    expect(tracked(apiError, { type: 'assistant', message: {} }).current).toBeUndefined();
    expect(tracked(apiError, { type: 'system', subtype: 'init' }).current).toBeUndefined();
    expect(tracked(apiError, { type: 'stream_event', event: {} }).current).toBeUndefined();
    const between = tracked(
      apiError,
      { type: 'system', subtype: 'session_state_changed', state: 'idle' },
      { type: 'system', subtype: 'post_turn_summary' },
      { type: 'system', subtype: 'task_summary' },
      { type: 'system', subtype: 'session_metadata' },
      { type: 'active_goal' },
      { type: 'autocompact_state' },
    );
    expect(between.current?.result).toBe(apiError);
    expect(tracked(maxTurns, resultMessage()).current).toBeUndefined();
  });

  it('a model-less successful turn after a failure (a local command) keeps that failure', () => {
    const local = resultMessage({ num_turns: 0, result: '' });
    const tracker = tracked(apiError, { type: 'system', subtype: 'init' }, local);
    expect(tracker.current?.result).toBe(apiError);
    expect(ResultError.isInstance(tracker.endError(exit1()))).toBe(true);
    // A turn that reached the model forgets it.
    expect(tracked(apiError, local, { type: 'assistant', message: {} }).current).toBeUndefined();
  });

  it('only a transport error is replaced: an abort or another error stays as it is', () => {
    const tracker = tracked(apiError);
    const abort = new AbortError();
    const other = new Error('decode failed');
    expect(tracker.endError(abort)).toBe(abort);
    expect(tracker.endError(other)).toBe(other);
    expect(tracker.endError(undefined)).toBeUndefined();
  });

  it('pendingError(): the failure as a ResultError without an exit, for a turn whose CLI lives on', () => {
    const pending = tracked(maxTurns).pendingError();
    expect(pending?.exitCode).toBeUndefined();
    expect(pending?.message).toBe('Claude Code returned an error result: Reached maximum number of turns (1)');
  });
});
