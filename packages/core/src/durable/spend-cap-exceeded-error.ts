import { HexagentError, hasMarker } from '../errors/hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.SpendCapExceededError');

/**
 * A run may not spend more: it (`cap: 'run'`) or its tenant today (`cap: 'tenant'`) reached the cap.
 * Raised before a CLI starts, so nothing was spent on the refused attempt.
 */
export class SpendCapExceededError extends HexagentError {
  readonly code = 'SPEND_CAP_EXCEEDED' as const;
  /** The run refused. */
  readonly runId: string;
  /** Which cap was reached. */
  readonly cap: 'run' | 'tenant';
  /** The cap, in dollars. */
  readonly capUsd: number;
  /** What was spent against it, in dollars. */
  readonly spentUsd: number;
  /** The tenant, for a tenant's cap. */
  readonly tenant: string | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { runId: string; cap: 'run' | 'tenant'; capUsd: number; spentUsd: number; tenant?: string }) {
    const who = options.cap === 'tenant' ? `tenant ${options.tenant ?? '?'} today` : 'the run';
    super({
      message: `Run ${options.runId}: ${who} spent $${options.spentUsd.toFixed(4)} of a $${options.capUsd} cap`,
    });
    this.runId = options.runId;
    this.cap = options.cap;
    this.capUsd = options.capUsd;
    this.spentUsd = options.spentUsd;
    this.tenant = options.tenant;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is SpendCapExceededError {
    return hasMarker(error, MARKER);
  }
}
