import { TransportInputClosedError } from '@hexagent/core';
import { ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { exitError, inputClosedError, type SendRefusalContext, sendRefusal } from './cli-transport-errors.js';

const base: SendRefusalContext = {
  state: 'open',
  inputEnded: false,
  exitedOnItsOwn: false,
  exitStatus: undefined,
  stderrTail: 'tail',
};

describe('sendRefusal', () => {
  it.each([
    [{ state: 'idle' }, 'the transport has not started'],
    [{ state: 'starting' }, 'the transport has not started'],
    [{ inputEnded: true }, 'endInput() was called'],
    [{ state: 'closing' }, 'the transport is closed'],
    [{ state: 'failed' }, 'the transport is closed'],
    [{ state: 'closed' }, 'the transport is closed'],
    [{ state: 'closed', inputEnded: true, exitedOnItsOwn: true }, 'endInput() was called'],
  ] as Array<[Partial<SendRefusalContext>, string]>)('%o: TransportInputClosedError (%s)', (context, reason) => {
    const error = sendRefusal({ ...base, ...context });
    expect(TransportInputClosedError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`Cannot write to the Claude Code CLI: its input is closed (${reason})`);
  });

  it.each([
    { state: 'open' },
    { state: 'exiting', exitStatus: { code: 3, signal: null } },
    { state: 'closed', exitedOnItsOwn: true, exitStatus: { code: null, signal: 'SIGKILL' } },
  ] as Array<Partial<SendRefusalContext>>)('%o: the CLI stopped reading on its own, a ProcessError', (context) => {
    const error = sendRefusal({ ...base, ...context });
    expect(ProcessError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/^Cannot write to the Claude Code CLI: its input is closed/);
    expect((error as ProcessError).stderrTail).toBe('tail');
  });
});

describe('the ProcessErrors of the CLI transport', () => {
  it('inputClosedError says how the process ended, if it has', () => {
    expect(inputClosedError(undefined, '').message).toBe('Cannot write to the Claude Code CLI: its input is closed');
    const exited = inputClosedError({ code: 2, signal: null }, 'boom', new Error('EPIPE'));
    expect(exited.message).toContain('(the process exited with code 2)');
    expect(exited).toMatchObject({ exitCode: 2, signal: undefined, stderrTail: 'boom' });
    expect((exited.cause as Error).message).toBe('EPIPE');
    expect(inputClosedError({ code: null, signal: 'SIGTERM' }, '').message).toContain('killed by SIGTERM');
  });

  it('inputClosedError puts the redacted stderr tail in the message once the process has exited', () => {
    const tail = 'Error: invalid token ghp_16C7e42F292c6912E7710c838347Ae178B4a\n';
    const exited = inputClosedError({ code: 3, signal: null }, tail);
    expect(exited.message).toBe(
      'Cannot write to the Claude Code CLI: its input is closed (the process exited with code 3). ' +
        'stderr: Error: invalid token [REDACTED]',
    );
    expect(exited.stderrTail).toBe('Error: invalid token [REDACTED]\n');
    // Still running (no status yet): the tail may be unrelated, so it stays out of the message.
    expect(inputClosedError(undefined, tail).message).toBe('Cannot write to the Claude Code CLI: its input is closed');
  });

  it('exitError carries the code or the signal and the stderr tail', () => {
    expect(exitError({ code: 3, signal: null }, 'fatal')).toMatchObject({
      exitCode: 3,
      signal: undefined,
      stderrTail: 'fatal',
    });
    expect(exitError({ code: null, signal: 'SIGKILL' }, '')).toMatchObject({ exitCode: undefined, signal: 'SIGKILL' });
  });
});
