import { describe, expect, it } from 'vitest';
import { ControlRequestError } from '../../errors/control-request-error.js';
import { SpareClaimError } from '../../errors/spare-claim-error.js';
import { claimedInitialization, claimRefusal, readClaimInfo } from './claim-answer.js';
import { hookSettingKeys, planClaim } from './plan-claim.js';

describe('planClaim', () => {
  it('puts the per-session fields in claim_session as the official SDK does, model and thinking behind it', () => {
    const plan = planClaim(
      {
        cwd: '/w',
        env: { CLAUDE_CODE_HOST_SESSION_ID: 'h1' },
        additionalDirectories: ['/tmp'],
        appendSystemPrompt: 'A',
        title: 'T',
        permissionMode: 'acceptEdits',
        model: 'm',
        maxThinkingTokens: 1000,
      },
      ['calc'],
    );
    // Key order as recorded from the official SDK 0.3.330.
    expect(Object.keys(plan.claim)).toEqual([
      'cwd',
      'permission_mode',
      'env',
      'additional_directories',
      'append_system_prompt',
      'title',
      'sdk_mcp_servers',
      'include_initialize',
    ]);
    expect(plan.claim.sdk_mcp_servers).toEqual(['calc']);
    expect(plan).toMatchObject({ model: 'm', maxThinkingTokens: 1000, holdsPrompt: false });
    expect(plan.settingsAhead).toBeUndefined();
  });

  it('splits the overlay: folder-deciding keys ahead of the claim, the following keys behind it', () => {
    const plan = planClaim(
      { cwd: '/w', settings: { effortLevel: 'high', model: 'x', permissions: { allow: [] } } },
      [],
    );
    expect(plan.settingsAhead).toEqual({ effortLevel: 'high' });
    expect(plan.settingsBehind).toEqual({ model: 'x', permissions: { allow: [] } });
    expect(plan.holdsPrompt).toBe(true);
    expect(planClaim({ cwd: '/w', settings: { fastMode: true } }, []).settingsAhead).toBeUndefined();
  });

  it('names the hook-governing keys an overlay carries', () => {
    expect(hookSettingKeys({ disableAllHooks: true, effortLevel: 'low', hooks: {} })).toEqual([
      'hooks',
      'disableAllHooks',
    ]);
    expect(hookSettingKeys(undefined)).toEqual([]);
  });
});

describe('claim answers', () => {
  it('reads the claim info and merges the spare answer applied fields into the snapshot', () => {
    const answer = { cwd: '/real', session_id: 's', parked_ms: 5, sdk_mcp_settled: true, initialize: { models: [] } };
    expect(readClaimInfo(answer, '/asked')).toEqual({ cwd: '/real', sessionId: 's', parkedMs: 5, sdkMcpSettled: true });
    expect(readClaimInfo({ session_id: 's' }, '/asked')).toEqual({
      cwd: '/asked',
      sessionId: 's',
      sdkMcpSettled: false,
    });
    const merged = claimedInitialization(answer, { hooks_applied: true } as never);
    expect(merged).toEqual({ models: [], hooks_applied: true });
    expect(claimedInitialization({}, undefined)).toBeUndefined();
  });

  it('maps a refused claim to its reason: the CLI error code, else the prefix of its message', () => {
    const coded = claimRefusal(
      new ControlRequestError({
        subtype: 'claim_session',
        cliMessage: 'project_settings_not_claimable: x',
        cliErrorCode: 'project_settings_not_claimable',
      }),
    );
    expect(coded.reason).toBe('project_settings_not_claimable');
    expect(coded.message).toBe('project_settings_not_claimable: x');
    expect(
      claimRefusal(new ControlRequestError({ subtype: 'claim_session', cliMessage: 'env_key_not_claimable: FOO' }))
        .reason,
    ).toBe('env_key_not_claimable');
    expect(claimRefusal(new ControlRequestError({ subtype: 'claim_session', cliMessage: 'Weird thing' })).reason).toBe(
      'claim_failed',
    );
    const broke = claimRefusal(new Error('pipe closed'));
    expect(broke.reason).toBe('claim_failed');
    expect(SpareClaimError.isInstance(broke)).toBe(true);
    expect(broke.message).toMatch(/^claim_failed: /);
  });
});
