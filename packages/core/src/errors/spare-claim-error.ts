import type { ClaimInfo } from '../types/options/claim-info.js';
import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.SpareClaimError');

/**
 * Why a spare's claim did not go as asked, as the official SDK names it: the CLI's own refusals
 * (`cwd_not_found`, `env_key_not_claimable`, `project_settings_not_claimable`,
 * `permission_mode_not_claimable`, `not_a_spare`, `claim_failed`, ...) and the SDK's
 * (`spare_closed`, `spare_exited`, `settings_not_applied`, `option_not_applied`).
 */
export type SpareClaimReason =
  | 'spare_closed'
  | 'spare_exited'
  | 'settings_not_applied'
  | 'option_not_applied'
  | 'cwd_not_found'
  | 'env_key_not_claimable'
  | 'project_settings_not_claimable'
  | 'permission_mode_not_claimable'
  | 'not_a_spare'
  | 'claim_failed'
  | (string & {});

/**
 * `SpareProcess.claimed` rejected. The message starts with the {@link SpareClaimReason} and a
 * colon, as the official SDK's does, so `e.message.startsWith('option_not_applied')` works too.
 * Only after `option_not_applied` is the prompt running (the session runs without `model` or
 * `maxThinkingTokens`); after every other reason start the session with `query()`.
 */
export class SpareClaimError extends HexagentError {
  readonly code = 'SPARE_CLAIM_ERROR' as const;
  /** Why the claim failed. */
  readonly reason: SpareClaimReason;
  /** The claimed session, when the claim itself was accepted (`option_not_applied`, a late `settings_not_applied`). */
  readonly claim: ClaimInfo | undefined;
  private readonly [MARKER] = true;

  constructor(options: { reason: SpareClaimReason; message: string; claim?: ClaimInfo; cause?: unknown }) {
    const prefix = `${options.reason}:`;
    super({
      message: options.message.startsWith(prefix) ? options.message : `${prefix} ${options.message}`,
      cause: options.cause,
    });
    this.reason = options.reason;
    this.claim = options.claim;
  }

  /** True when the prompt was sent and the session runs (only `option_not_applied`): do not start it again. */
  get sessionRuns(): boolean {
    return this.reason === 'option_not_applied';
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is SpareClaimError {
    return hasMarker(error, MARKER);
  }
}
