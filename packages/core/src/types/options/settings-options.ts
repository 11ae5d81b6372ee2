import type { SandboxSettings } from '../settings/sandbox-settings.js';
import type { SettingSource } from '../settings/setting-source.js';
import type { Settings } from '../settings/settings.js';

/** Options about the settings the CLI loads, its sandbox, and the directories it may use. */
export interface SettingsOptions {
  /**
   * Which settings files the CLI loads (`--setting-sources=<a,b>`): `'user'`
   * (`~/.claude/settings.json`), `'project'` (`.claude/settings.json`, and `CLAUDE.md`), `'local'`
   * (`.claude/settings.local.json`). When omitted no flag is sent and the CLI loads all three, as
   * it does on its own; `[]` (`--setting-sources=`) loads none, isolating the session from files on
   * the machine.
   */
  settingSources?: SettingSource[];
  /**
   * More settings, in the CLI's highest user-controlled layer: an object or inline JSON, or the path
   * of a settings file. Sent as `--settings <json or path>` (two arguments), after `extraArgs`.
   *
   * @example
   * ```ts
   * settings: { permissions: { allow: ['Bash(npm test:*)'] } }
   * ```
   */
  settings?: string | Settings;
  /**
   * Policy-tier settings from the process that starts the CLI (`--managed-settings <json>`), for
   * embedding apps that enforce restrictions. Filtered by the CLI to what restricts, and dropped
   * where the machine's administrator has a managed tier that does not opt in.
   */
  managedSettings?: Settings;
  /**
   * Sandboxing of the commands the agent runs. Folded into `--settings` as its `sandbox` key, merged
   * into an inline `settings.sandbox` (this option's values win; lists such as
   * `filesystem.denyRead` are combined). With `enabled: true`, `failIfUnavailable` defaults to
   * `true`: the run fails rather than run unsandboxed when the platform cannot sandbox. Cannot be
   * combined with a `settings` file path.
   *
   * @example
   * ```ts
   * sandbox: { enabled: true, autoAllowBashIfSandboxed: true }
   * ```
   */
  sandbox?: SandboxSettings;
  /** More directories the agent may access besides `cwd`, absolute paths (`--add-dir=<dir>` each). */
  additionalDirectories?: string[];
  /**
   * The trusted checkout `cwd` is a worktree of (`--project-config-root=<dir>`): project settings,
   * `.mcp.json` and the `.claude` directories come from there instead of `cwd`. Absolute path.
   */
  projectConfigRoot?: string;
}
