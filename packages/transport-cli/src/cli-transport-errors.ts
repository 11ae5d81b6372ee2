import { TransportInputClosedError } from '@hexagent/core';
import { ProcessError, redactSecrets } from '@hexagent/transport-kit';
import type { CliTransportState } from './cli-transport-state.js';
import type { ExitStatus, ProcessSupervisor } from './process-supervisor.js';

/**
 * How long a write that failed on a broken pipe waits for the CLI's exit status before it rejects,
 * so that its `ProcessError` says how the process ended (code or signal, and the stderr tail).
 */
const BROKEN_PIPE_EXIT_WAIT_MS = 500;

/** What {@link sendRefusal} needs to know about a `CliTransport`. */
export interface SendRefusalContext {
  state: CliTransportState;
  /** `endInput()` (or the transport itself) ended the CLI's input. */
  inputEnded: boolean;
  /** The process exited without being stopped by the transport. */
  exitedOnItsOwn: boolean;
  exitStatus: ExitStatus | undefined;
  stderrTail: string;
}

/**
 * Why `send()` cannot write now: {@link TransportInputClosedError} when this side closed the input
 * (or never opened it), a `ProcessError` when the CLI stopped reading on its own.
 */
export function sendRefusal(context: SendRefusalContext): Error {
  const { state } = context;
  const stoppedReading = state === 'open' || state === 'exiting' || (state === 'closed' && context.exitedOnItsOwn);
  if (stoppedReading && !context.inputEnded) return inputClosedError(context.exitStatus, context.stderrTail);
  const reason =
    state === 'idle' || state === 'starting'
      ? 'the transport has not started'
      : stoppedReading
        ? 'endInput() was called'
        : 'the transport is closed';
  return new TransportInputClosedError({
    message: `Cannot write to the Claude Code CLI: its input is closed (${reason})`,
  });
}

/**
 * The error for a write that failed (`cause`, mostly EPIPE: the CLI is exiting), once the process
 * has exited or after a short wait, with the stderr tail as it is then.
 */
export async function brokenPipeError(
  process: ProcessSupervisor | undefined,
  stderrTail: () => string,
  cause: unknown,
): Promise<ProcessError> {
  await process?.waitForExit(BROKEN_PIPE_EXIT_WAIT_MS);
  return inputClosedError(process?.exitStatus, stderrTail(), cause);
}

/** The error that ends `messages()` when reading the CLI's stdout fails. */
export function readError(cause: unknown, stderrTail: string): ProcessError {
  return new ProcessError({ message: 'Reading the output of the Claude Code CLI failed', stderrTail, cause });
}

/** The error that ends `messages()` when a custom process reports an `error` once running. */
export function processFailedError(cause: Error, stderrTail: string): ProcessError {
  return new ProcessError({ message: `The Claude Code process failed: ${cause.message}`, stderrTail, cause });
}

/** The error that ends `messages()` when the CLI exits on its own with a failure (a code or a signal). */
export function exitError(status: ExitStatus, stderrTail: string): ProcessError {
  return new ProcessError({
    exitCode: status.code ?? undefined,
    signal: status.signal ?? undefined,
    stderrTail,
  });
}

/**
 * The error `send()` rejects with when the CLI stopped reading its input on its own: how the
 * process ended, when it has (`status`), and the write's own error (`cause`, e.g. EPIPE). Once the
 * process has exited, its stderr tail (redacted) is in the message too: a CLI that exits before
 * reading its input says why only there (`Error: Invalid --model value`, a missing library).
 */
export function inputClosedError(status: ExitStatus | undefined, stderrTail: string, cause?: unknown): ProcessError {
  const tail = status === undefined ? '' : redactSecrets(stderrTail).trim();
  return new ProcessError({
    message:
      'Cannot write to the Claude Code CLI: its input is closed' +
      (status === undefined
        ? ''
        : status.signal !== null
          ? ` (the process was killed by ${status.signal})`
          : ` (the process exited with code ${status.code})`) +
      (tail === '' ? '' : `. stderr: ${tail}`),
    exitCode: status?.code ?? undefined,
    signal: status?.signal ?? undefined,
    stderrTail,
    cause,
  });
}
