import type { ClaimOptions } from '../../types/options/claim-options.js';
import type { FlagSettingsUpdate } from '../../types/settings/flag-settings-update.js';
import { agentsForInitialize } from '../agents-for-initialize.js';

/** Settings keys that govern hooks: a claim cannot apply them (they must be in force before any hook). */
export const HOOK_SETTING_KEYS = [
  'hooks',
  'disableAllHooks',
  'allowManagedHooksOnly',
  'allowedHttpHookUrls',
  'httpHookAllowedEnvVars',
] as const;

/** Overlay keys the CLI applies behind the claim (they follow it), as the official SDK splits them. */
const FOLLOWING_KEYS = ['model', 'agent', 'fastMode', 'permissions', 'availableModels', 'disableAutoMode'] as const;

/** What one claim sends, in order: the overlay ahead of the claim, the claim, then the options behind it. */
export interface ClaimPlan {
  /** `apply_flag_settings` written before `claim_session` (it decides which servers and plugins the claim starts). */
  settingsAhead: FlagSettingsUpdate | undefined;
  /** The `claim_session` control request payload. */
  claim: Record<string, unknown>;
  /** `set_model` behind the claim. */
  model: string | undefined;
  /** `set_max_thinking_tokens` behind the claim. */
  maxThinkingTokens: number | null | undefined;
  /** `apply_flag_settings` behind the claim (the keys that follow it). */
  settingsBehind: FlagSettingsUpdate | undefined;
  /** True when the prompt must wait until the overlay is accepted. */
  holdsPrompt: boolean;
}

/** The hook-governing keys `settings` carries (a claim with any of them is refused before sending). */
export function hookSettingKeys(settings: FlagSettingsUpdate | undefined): string[] {
  if (settings === undefined || settings === null) return [];
  const record = settings as Record<string, unknown>;
  return HOOK_SETTING_KEYS.filter((key) => record[key] !== undefined);
}

/**
 * Plan the messages of a claim, as the official SDK sends them (recorded against CLI 2.1.329):
 * `claim_session` carries the folder, permission mode, env, extra directories, appended system
 * prompt, title, agents and the names of the in-process servers; `model` and `maxThinkingTokens`
 * go as `set_model` / `set_max_thinking_tokens` behind it. `cwd` must already be resolved. Pure.
 */
export function planClaim(options: ClaimOptions, sdkMcpServerNames: readonly string[]): ClaimPlan {
  const { ahead, behind } = splitOverlay(options.settings);
  const agents = agentsForInitialize(options.agents);
  const claim: Record<string, unknown> = {
    cwd: options.cwd,
    ...(options.permissionMode !== undefined && { permission_mode: options.permissionMode }),
    ...(options.env !== undefined && { env: options.env }),
    ...(options.additionalDirectories !== undefined && { additional_directories: options.additionalDirectories }),
    ...(options.appendSystemPrompt !== undefined && { append_system_prompt: options.appendSystemPrompt }),
    ...(options.title !== undefined && { title: options.title }),
    ...(agents !== undefined && { agents }),
    sdk_mcp_servers: [...sdkMcpServerNames],
    include_initialize: true,
  };
  return {
    settingsAhead: ahead,
    claim,
    model: options.model,
    maxThinkingTokens: options.maxThinkingTokens,
    settingsBehind: behind,
    holdsPrompt: options.settings !== undefined,
  };
}

function splitOverlay(settings: FlagSettingsUpdate | undefined): {
  ahead: FlagSettingsUpdate | undefined;
  behind: FlagSettingsUpdate | undefined;
} {
  if (settings === undefined) return { ahead: undefined, behind: undefined };
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    return { ahead: settings, behind: undefined };
  }
  const ahead: Record<string, unknown> = {};
  const behind: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if ((FOLLOWING_KEYS as readonly string[]).includes(key)) behind[key] = value;
    else ahead[key] = value;
  }
  return {
    ahead: Object.keys(ahead).length > 0 ? (ahead as FlagSettingsUpdate) : undefined,
    behind: Object.values(behind).some((v) => v !== undefined) ? (behind as FlagSettingsUpdate) : undefined,
  };
}
