import { ControlRequestError } from '../../errors/control-request-error.js';
import { SpareClaimError } from '../../errors/spare-claim-error.js';
import type { SDKControlInitializeResponse } from '../../types/control/sdk-control-responses.js';
import type { ClaimInfo } from '../../types/options/claim-info.js';

/** The `*_applied` fields of the spare's own `initialize` answer that the claim's snapshot may leave out. */
const APPLIED_FIELDS = [
  'hooks_applied',
  'plugins_applied',
  'managed_settings_applied',
  'settings_applied',
  'disallowed_tools_applied',
  'mcp_servers_applied',
  'code_running_mcp_tools_applied',
] as const;

/** `claim_session`'s answer as {@link ClaimInfo}; `cwd` falls back to the folder asked for. Pure. */
export function readClaimInfo(response: Record<string, unknown>, requestedCwd: string): ClaimInfo {
  return {
    cwd: typeof response.cwd === 'string' ? response.cwd : requestedCwd,
    sessionId: typeof response.session_id === 'string' ? response.session_id : '',
    ...(typeof response.parked_ms === 'number' && { parkedMs: response.parked_ms }),
    sdkMcpSettled: response.sdk_mcp_settled === true,
  };
}

/**
 * The claimed session's `initialize` answer: the snapshot the claim carries (`include_initialize`),
 * with the `*_applied` fields the spare's own answer had where the snapshot has none, as the
 * official SDK merges them. `undefined` when the claim carried no snapshot. Pure.
 */
export function claimedInitialization(
  response: Record<string, unknown>,
  spare: SDKControlInitializeResponse | undefined,
): SDKControlInitializeResponse | undefined {
  const snapshot = response.initialize;
  if (typeof snapshot !== 'object' || snapshot === null) return undefined;
  const merged: Record<string, unknown> = { ...(snapshot as Record<string, unknown>) };
  const earlier = (spare ?? {}) as Record<string, unknown>;
  for (const field of APPLIED_FIELDS) {
    if (merged[field] === undefined && earlier[field] !== undefined) merged[field] = earlier[field];
  }
  return merged as SDKControlInitializeResponse;
}

/** A failed `claim_session` as a {@link SpareClaimError}: the CLI's reason is the code before the colon. */
export function claimRefusal(error: unknown): SpareClaimError {
  if (SpareClaimError.isInstance(error)) return error;
  if (ControlRequestError.isInstance(error)) {
    const prefix = error.cliMessage.match(/^([a-z][a-z0-9_]{0,63}):/)?.[1];
    return new SpareClaimError({
      reason: error.cliErrorCode ?? prefix ?? 'claim_failed',
      message: error.cliMessage,
      cause: error,
    });
  }
  const text = error instanceof Error ? error.message : String(error);
  return new SpareClaimError({ reason: 'claim_failed', message: `the claim broke: ${text}`, cause: error });
}

/** The text of a refused option (`set_model`, ...) for the `option_not_applied` message. */
export function refusalText(error: unknown): string {
  if (ControlRequestError.isInstance(error)) return error.cliMessage;
  return error instanceof Error ? error.message : String(error);
}
