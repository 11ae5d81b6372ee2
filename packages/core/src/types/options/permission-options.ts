import type { CanUseTool } from '../permissions/can-use-tool.js';
import type { PermissionMode } from '../permissions/permission-update.js';

/** Options about permissions: the mode, and who answers the CLI's permission prompts. */
export interface PermissionOptions {
  /**
   * The permission mode (`--permission-mode=<mode>`). When omitted the CLI picks it as for
   * `claude -p`: `permissions.defaultMode` from the settings it loads, else its own default.
   * `'bypassPermissions'` also needs `allowDangerouslySkipPermissions: true`.
   */
  permissionMode?: PermissionMode;
  /**
   * Confirms that `permissionMode: 'bypassPermissions'` is intended
   * (`--allow-dangerously-skip-permissions`). hexagent refuses that mode without it.
   */
  allowDangerouslySkipPermissions?: boolean;
  /**
   * Decides each tool call the CLI would ask the user about (`--permission-prompt-tool=stdio`; the
   * CLI then sends `can_use_tool` requests). With it the model also gets the `AskUserQuestion`,
   * `EnterPlanMode` and `ExitPlanMode` tools. Not with `permissionPromptToolName`.
   */
  canUseTool?: CanUseTool;
  /**
   * An MCP tool that answers permission prompts instead of `canUseTool`
   * (`--permission-prompt-tool=<name>`); the tool is hidden from the model.
   */
  permissionPromptToolName?: string;
  /**
   * Who answers permission prompts (`--permission-prompts=<who>`): `'host'` (this process, through
   * `canUseTool` or `permissionPromptToolName`) or `'none'` (nobody: what would prompt is denied at
   * once, and `canUseTool` is never called).
   */
  permissionPrompts?: 'host' | 'none';
}
