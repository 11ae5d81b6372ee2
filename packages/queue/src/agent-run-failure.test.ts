import { ControlTimeoutError, InitializeTimeoutError, TransportStartError } from '@hexagent/core';
import type { SDKResultMessage } from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { AgentRunFailure, resultFailure, thrownFailure } from './agent-run-failure.js';

// The fields of the results the real CLI 2.1.329 wrote (probed against the scripted model).
const notLoggedIn = {
  type: 'result',
  subtype: 'success',
  is_error: true,
  api_error_status: null,
  result: 'Not logged in · Please run /login',
  terminal_reason: 'api_error',
  num_turns: 1,
  session_id: 's',
} as unknown as SDKResultMessage;
const unknownModel = {
  type: 'result',
  subtype: 'success',
  is_error: true,
  api_error_status: 404,
  api_error_type: 'not_found_error',
  result:
    "There's an issue with the selected model (claude-nope-9). It may not exist or you may not have access to it.",
  terminal_reason: 'api_error',
  session_id: 's',
} as unknown as SDKResultMessage;
const maxTurns = {
  type: 'result',
  subtype: 'error_max_turns',
  is_error: true,
  errors: ['Reached maximum number of turns (1)', ' '],
  terminal_reason: 'max_turns',
  session_id: 's',
} as unknown as SDKResultMessage;

describe('resultFailure', () => {
  it('keeps the text, the subtype and why the API call failed; a login failure is the worker’s', () => {
    const failure = resultFailure(notLoggedIn, 'authentication_failed');
    expect(failure.jobError).toEqual({
      message: 'Claude Code returned an error result: Not logged in · Please run /login',
      result: {
        subtype: 'success',
        text: 'Not logged in · Please run /login',
        apiError: 'authentication_failed',
        terminalReason: 'api_error',
      },
    });
    expect(failure.workerFault).toBe(true);
  });

  it('an unknown model is the job’s fault, with the API status kept', () => {
    const failure = resultFailure(unknownModel, 'model_not_found');
    expect(failure.jobError.message).toMatch(
      /^Claude Code returned an error result: There's an issue with the selected model/,
    );
    expect(failure.jobError.result).toMatchObject({
      subtype: 'success',
      apiErrorStatus: 404,
      apiError: 'model_not_found',
    });
    expect(failure.workerFault).toBe(false);
  });

  it('an error subtype says its errors (blank ones left out of the message)', () => {
    const failure = resultFailure(maxTurns, undefined);
    expect(failure.jobError).toEqual({
      message: 'Claude Code returned an error result: Reached maximum number of turns (1)',
      result: {
        subtype: 'error_max_turns',
        errors: ['Reached maximum number of turns (1)', ' '],
        terminalReason: 'max_turns',
      },
    });
    expect(failure.workerFault).toBe(false);
  });

  it('names the subtype when the result has no text', () => {
    const bare = {
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
      errors: [],
    } as unknown as SDKResultMessage;
    expect(resultFailure(bare, undefined).jobError.message).toBe(
      'Claude Code returned an error result (error_during_execution)',
    );
  });
});

describe('thrownFailure', () => {
  it('builds the failure from the result an error carries (the official query throws one after it)', () => {
    class ErrorResult extends Error {
      constructor(readonly result: SDKResultMessage) {
        super(`Claude Code returned an error result: ${(result as { result: string }).result}`);
      }
    }
    const failure = thrownFailure(new ErrorResult(notLoggedIn), true, 'authentication_failed');
    expect(failure.jobError.result).toMatchObject({ subtype: 'success', text: 'Not logged in · Please run /login' });
    expect(failure.workerFault).toBe(true);
  });

  it('a transport fault or an initialize timeout before any message is the worker’s', () => {
    const start = thrownFailure(new TransportStartError({ message: 'spawn failed' }), false, undefined);
    expect(start.jobError).toEqual({
      message: 'spawn failed',
      name: 'TransportStartError',
      code: 'TRANSPORT_START_FAILED',
    });
    expect(start.workerFault).toBe(true);
    expect(thrownFailure(new InitializeTimeoutError({ timeoutMs: 10 }), false, undefined).workerFault).toBe(true);
    const unanswered = new ControlTimeoutError({ subtype: 'initialize', timeoutMs: 60_000 });
    expect(thrownFailure(unanswered, false, undefined).workerFault).toBe(true);
    const otherRequest = new ControlTimeoutError({ subtype: 'set_model', timeoutMs: 60_000 });
    expect(thrownFailure(otherRequest, false, undefined).workerFault).toBe(false);
    expect(thrownFailure(new TransportStartError(), true, undefined).workerFault).toBe(false);
  });

  it('anything else is the job’s, recorded as it was thrown', () => {
    const failure = thrownFailure(new Error('MCP server "x" is not registered on this worker'), false, undefined);
    expect(failure).toBeInstanceOf(AgentRunFailure);
    expect(failure.jobError).toEqual({ message: 'MCP server "x" is not registered on this worker', name: 'Error' });
    expect(failure.workerFault).toBe(false);
    const same = new AgentRunFailure({ message: 'kept' }, true);
    expect(thrownFailure(same, false, undefined)).toBe(same);
  });
});
