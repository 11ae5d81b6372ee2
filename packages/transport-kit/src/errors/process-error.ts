import { hasMarker, TransportError } from '@hexagent/core';
import { redactSecrets } from './redact-secrets.js';

const MARKER = Symbol.for('hexagent.error.ProcessError');

/**
 * The CLI process failed: it exited with a non-zero code, was killed, its pipes broke, or the OS
 * refused to spawn it. An exit or a signal is worded as the official SDK words it:
 * `Claude Code process exited with code 3. stderr: <tail>`, `Claude Code process terminated by
 * signal SIGKILL`. The `TransportError` of `CliTransport` for the faults of its process: from
 * `messages()` when the CLI exits on its own with a failure, from `send()` when the CLI stopped
 * reading (it exited, or closed its input), from `start()` when the spawn fails for a reason other
 * than a missing executable.
 */
export class ProcessError extends TransportError {
  readonly code = 'PROCESS_ERROR' as const;
  /** Signal that ended the process, when it was killed. */
  readonly signal: string | undefined;
  /** The last lines the process wrote to stderr (bounded), with what looks like a secret redacted. */
  readonly stderrTail: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: {
    message?: string;
    exitCode?: number | undefined;
    signal?: string | undefined;
    stderrTail?: string;
    cause?: unknown;
  }) {
    const stderrTail = redactSecrets(options.stderrTail ?? '');
    // Worded as the official SDK's errors, which programs match on (`exited with code 143`,
    // `terminated by signal SIGTERM`).
    const how =
      options.signal !== undefined
        ? `terminated by signal ${options.signal}`
        : options.exitCode !== undefined
          ? `exited with code ${options.exitCode}`
          : 'failed';
    super({
      message: options.message ?? `Claude Code process ${how}${stderrTail ? `. stderr: ${stderrTail}` : ''}`,
      cause: options.cause,
      exitCode: options.exitCode,
    });
    this.signal = options.signal;
    this.stderrTail = stderrTail;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ProcessError {
    return hasMarker(error, MARKER);
  }
}
