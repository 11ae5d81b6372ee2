import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.GatedRunError');

/**
 * A gated run (`runWithApprovals`, `resumeWithApprovals`, a queued run behind approvals) could not
 * end with a result: the CLI stopped without one, or the approval a resume names is gone.
 */
export class GatedRunError extends HexagentError {
  readonly code = 'GATED_RUN_FAILED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(sessionId: string, why = 'ended without a result') {
    super({ message: `The run of session ${sessionId} ${why}` });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is GatedRunError {
    return hasMarker(error, MARKER);
  }
}
