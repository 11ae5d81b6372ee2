import type {
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  SDKControlSetPermissionModeResponse,
} from '../types/control/sdk-control-responses.js';
import { PERMISSION_MODES, type PermissionMode } from '../types/permissions/permission-update.js';
import type { FlagSettingsUpdate } from '../types/settings/flag-settings-update.js';
import type { SdkPluginConfig } from '../types/tool-config.js';
import { SessionControls } from './session-controls.js';

/**
 * The control methods that change how the session runs: permission mode, model, thinking budget,
 * settings, and the reloads of plugins, skills and output styles. See {@link SessionControls} for
 * how the control classes build on one another.
 */
export abstract class SettingsControls extends SessionControls {
  /**
   * Change the permission mode (the CLI confirms with a `system/status` message). Resolves with the
   * mode now in effect, as the CLI answers it (not always the one asked for), or `undefined` where
   * the answer names no mode or one outside {@link PermissionMode} (an older CLI answers with no
   * payload). `'manual'`, the CLI's other name for `'default'` (a program may ask for it, and a
   * CLI may answer with it), is reported as `'default'`, as the official SDK reports it. Rejects
   * where the mode is refused.
   */
  async setPermissionMode(mode: PermissionMode): Promise<SDKControlSetPermissionModeResponse | undefined> {
    const response = await this.request('set_permission_mode', { mode });
    const now: unknown = response.mode === 'manual' ? 'default' : response.mode;
    return typeof now === 'string' && (PERMISSION_MODES as readonly string[]).includes(now)
      ? { mode: now as PermissionMode }
      : undefined;
  }

  /** Change the model for the next responses; `undefined` goes back to the default. */
  async setModel(model?: string): Promise<void> {
    await this.request('set_model', model === undefined ? {} : { model });
  }

  /**
   * Change the thinking budget (`null` clears it) and, when given, the thinking display for the
   * rest of the session (`null` clears that override).
   */
  async setMaxThinkingTokens(
    maxThinkingTokens: number | null,
    thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null,
  ): Promise<void> {
    await this.request('set_max_thinking_tokens', {
      max_thinking_tokens: maxThinkingTokens,
      ...(thinkingDisplay !== undefined && { thinking_display: thinkingDisplay }),
    });
  }

  /**
   * Merge settings into the flag settings layer (the `settings` option, mid-session); `null`
   * clears a key. Rejects, applying nothing, when a value would make the CLI drop the layer.
   */
  async applyFlagSettings(settings: FlagSettingsUpdate): Promise<void> {
    await this.request('apply_flag_settings', { settings });
  }

  /**
   * Merge settings into a settings file through the CLI's own writer (only the keys the CLI
   * allows for that file: `outputStyle` in `localSettings`, `effortLevel` in `userSettings`).
   */
  async updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, unknown>): Promise<void> {
    await this.request('update_settings', { source, settings });
  }

  /**
   * Reload plugins from disk (and load `addPlugins`); resolves with the refreshed commands,
   * agents, plugins and MCP servers, or the unchanged ones with `held: true` under `holdOnCacheImpact`.
   */
  async reloadPlugins(options?: {
    holdOnCacheImpact?: boolean;
    addPlugins?: SdkPluginConfig[];
    refuseIfBusy?: boolean;
  }): Promise<SDKControlReloadPluginsResponse> {
    const addPlugins = options?.addPlugins;
    return (await this.request('reload_plugins', {
      ...(options?.holdOnCacheImpact === true && { hold_on_cache_impact: true }),
      ...(addPlugins !== undefined && addPlugins.length > 0 && { add_plugins: addPlugins }),
      ...(options?.refuseIfBusy === true && { refuse_if_busy: true }),
    })) as SDKControlReloadPluginsResponse;
  }

  /** Reload skills from disk; resolves with the refreshed list. */
  async reloadSkills(): Promise<SDKControlReloadSkillsResponse> {
    return (await this.request('reload_skills')) as SDKControlReloadSkillsResponse;
  }

  /** Re-read the output-style directories; resolves with the style names. */
  async reloadOutputStyles(): Promise<SDKControlReloadOutputStylesResponse> {
    return (await this.request('reload_output_styles')) as SDKControlReloadOutputStylesResponse;
  }
}
