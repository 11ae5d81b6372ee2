import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ProcessError');

/** The CLI process failed: it exited with a non-zero code, was killed, or its pipes broke. */
export class ProcessError extends HexagentError {
  readonly code = 'PROCESS_ERROR' as const;
  /** Exit code, when the process exited on its own. */
  readonly exitCode: number | undefined;
  /** Signal that ended the process, when it was killed. */
  readonly signal: string | undefined;
  /** The last lines the process wrote to stderr (bounded). */
  readonly stderrTail: string;
  private readonly [MARKER] = true;

  constructor(options: {
    message?: string;
    exitCode?: number | undefined;
    signal?: string | undefined;
    stderrTail?: string;
    cause?: unknown;
  }) {
    const stderrTail = options.stderrTail ?? '';
    const how =
      options.signal !== undefined
        ? `was killed by ${options.signal}`
        : options.exitCode !== undefined
          ? `exited with code ${options.exitCode}`
          : 'failed';
    super({
      message:
        options.message ?? `Claude Code process ${how}${stderrTail ? `\n--- stderr (tail) ---\n${stderrTail}` : ''}`,
      cause: options.cause,
    });
    this.exitCode = options.exitCode;
    this.signal = options.signal;
    this.stderrTail = stderrTail;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ProcessError {
    return hasMarker(error, MARKER);
  }
}
