import { HexagentError, hasMarker } from '../errors/hexagent-error.js';
import type { RunControlRefusal } from './request-run-control.js';
import type { RunControlRecord } from './run-control-record.js';

const MARKER = Symbol.for('hexagent.error.RunControlError');

/**
 * A stop, pause or resume was refused (see {@link RunControlRefusal}). `record` is the run's control
 * record as it stands, so a caller can show who stopped or paused it first.
 */
export class RunControlError extends HexagentError {
  readonly code = 'RUN_CONTROL_REFUSED' as const;
  /** Why it was refused. */
  readonly reason: RunControlRefusal;
  /** The run's id. */
  readonly runId: string;
  /** The run's control record as it stands, when there is one. */
  readonly record: RunControlRecord | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { runId: string; reason: RunControlRefusal; message: string; record?: RunControlRecord }) {
    super({ message: `Run ${options.runId}: ${options.message}` });
    this.runId = options.runId;
    this.reason = options.reason;
    this.record = options.record;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RunControlError {
    return hasMarker(error, MARKER);
  }
}
