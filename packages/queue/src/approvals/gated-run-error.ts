import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.GatedRunError');

/** A gated run (`runWithApprovals`, `resumeWithApprovals`) ended without a `result`: the CLI stopped without one. */
export class GatedRunError extends HexagentError {
  readonly code = 'GATED_RUN_WITHOUT_RESULT' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(sessionId: string) {
    super({ message: `The run of session ${sessionId} ended without a result` });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is GatedRunError {
    return hasMarker(error, MARKER);
  }
}
