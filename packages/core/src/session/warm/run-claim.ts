import { SpareClaimError } from '../../errors/spare-claim-error.js';
import type { SDKControlInitializeResponse } from '../../types/control/sdk-control-responses.js';
import type { ClaimInfo } from '../../types/options/claim-info.js';
import type { FlagSettingsUpdate } from '../../types/settings/flag-settings-update.js';
import { claimedInitialization, claimRefusal, readClaimInfo, refusalText } from './claim-answer.js';
import type { ClaimPlan } from './plan-claim.js';

/** What a claim needs of the session running in the spare (a `Session` qualifies). */
export interface ClaimTarget {
  request(subtype: string, payload?: Record<string, unknown>): Promise<Record<string, unknown>>;
  setModel(model?: string): Promise<void>;
  setMaxThinkingTokens(maxThinkingTokens: number | null): Promise<void>;
  applyFlagSettings(settings: FlagSettingsUpdate): Promise<void>;
  initializationResult(): Promise<SDKControlInitializeResponse>;
  endInput(): void;
  close(error?: unknown): Promise<void>;
}

/** A claim under way. */
export interface ClaimRun {
  /** As `SpareProcess.claimed`: the claim and everything sent with it were answered. */
  claimed: Promise<ClaimInfo>;
  /** Resolves `true` once the prompt may be written, `false` when it must never be (the overlay or claim was refused). */
  promptMay: Promise<boolean>;
  /** The claimed session's `initialize` answer (the spare's own after a refused claim). */
  initialization: Promise<SDKControlInitializeResponse>;
}

/**
 * Send a planned claim to the spare and judge its answers as the official SDK does: a refused
 * claim ends the spare's input (the CLI answers a prompt already sent with a `not_claimed` error
 * result and exits); a refused overlay closes the session before the prompt is written
 * (`settings_not_applied`); a refused `model` or `maxThinkingTokens` leaves the session running
 * (`option_not_applied`). Writes are issued synchronously in wire order. Pure.
 */
export function runClaim(target: ClaimTarget, plan: ClaimPlan): ClaimRun {
  const spareInit = target.initializationResult().catch(() => undefined);
  const ahead = plan.settingsAhead === undefined ? undefined : target.applyFlagSettings(plan.settingsAhead);
  const claimAnswer = target.request('claim_session', plan.claim);
  const followers: Array<[string, Promise<unknown>]> = [];
  if (plan.model !== undefined) followers.push(['model', target.setModel(plan.model)]);
  if (plan.maxThinkingTokens !== undefined) {
    followers.push(['maxThinkingTokens', target.setMaxThinkingTokens(plan.maxThinkingTokens)]);
  }
  const behind = plan.settingsBehind === undefined ? undefined : target.applyFlagSettings(plan.settingsBehind);
  const settings = plan.holdsPrompt ? Promise.all([ahead, behind]) : undefined;
  if (settings !== undefined) followers.push(['settings', settings]);
  for (const [, pending] of followers) pending.catch(() => {});

  const claimed = claimAnswer.then(
    async (answer) => {
      const info = readClaimInfo(answer, String(plan.claim.cwd));
      const outcomes = await Promise.allSettled(followers.map(([, pending]) => pending));
      const settingsAt = followers.findIndex(([name]) => name === 'settings');
      const settingsOutcome = settingsAt < 0 ? undefined : outcomes[settingsAt];
      if (settingsOutcome?.status === 'rejected') {
        await target.close();
        throw new SpareClaimError({
          reason: 'settings_not_applied',
          message: `${refusalText(settingsOutcome.reason)} — the prompt was not sent and the process was closed; start the session with query()`,
          claim: info,
          cause: settingsOutcome.reason,
        });
      }
      const refused = outcomes.flatMap((outcome, i) =>
        outcome.status === 'rejected' ? [`${followers[i]?.[0]}: ${refusalText(outcome.reason)}`] : [],
      );
      if (refused.length > 0) {
        throw new SpareClaimError({
          reason: 'option_not_applied',
          message: `${refused.join('; ')} — the prompt was sent and the session runs without these options`,
          claim: info,
        });
      }
      return info;
    },
    (error: unknown) => {
      target.endInput();
      throw claimRefusal(error);
    },
  );
  const promptMay =
    settings === undefined
      ? Promise.resolve(true)
      : Promise.all([claimAnswer, settings]).then(
          () => true,
          () => false,
        );
  const initialization = Promise.all([claimAnswer.catch(() => undefined), spareInit]).then(async ([answer, spare]) => {
    const merged = answer === undefined ? undefined : claimedInitialization(answer, spare);
    return merged ?? spare ?? target.initializationResult();
  });
  return { claimed, promptMay, initialization };
}
