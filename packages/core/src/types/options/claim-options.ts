import type { AgentDefinition } from '../agents.js';
import type { PermissionMode } from '../permissions/permission-update.js';
import type { FlagSettingsUpdate } from '../settings/flag-settings-update.js';

/**
 * The per-session half of `Options`: what a host only knows once the user has picked a folder and
 * started the session, given to `SpareProcess.claim()`. Everything else (the executable, settings
 * sources, tools, plugins, host-level MCP servers, hooks, `canUseTool`, the environment the process
 * reads during start-up) is given to `prewarm()` and is fixed for the life of the spare.
 * @alpha
 */
export type ClaimOptions = {
  /** The session's working directory (required). A relative path resolves against this process; `~/…` is expanded by Claude Code. */
  cwd: string;
  /**
   * Per-session environment additions. Only variables the CLI accepts at claim time
   * (`CLAUDE_CODE_OAUTH_TOKEN`, `CLAUDE_CODE_SESSION_ACCESS_TOKEN`, `CLAUDE_CODE_HOST_SESSION_ID`);
   * any other key refuses the claim (`env_key_not_claimable`).
   */
  env?: Record<string, string>;
  /** As `--add-dir`; relative entries resolve against `cwd`, missing ones are skipped. */
  additionalDirectories?: string[];
  /** Sent as `set_model` right behind the claim; a refusal rejects `claimed` with `option_not_applied`. */
  model?: string;
  /**
   * As `Options.permissionMode`, sent inside the claim itself: a mode the process cannot take refuses
   * the claim (`permission_mode_not_claimable` or `claim_failed`), so a session never runs under another mode.
   */
  permissionMode?: PermissionMode;
  /** Sent as `set_max_thinking_tokens` right behind the claim; a refusal rejects `claimed` with `option_not_applied`. */
  maxThinkingTokens?: number | null;
  /**
   * Flag-tier settings overlay, applied as `applyFlagSettings` does. The prompt is held until the
   * process has accepted it; a refusal rejects `claimed` with `settings_not_applied` and the
   * process is let go. Keys that govern hooks (`hooks`, `disableAllHooks`, `allowManagedHooksOnly`,
   * `allowedHttpHookUrls`, `httpHookAllowedEnvVars`) are refused before anything is sent: give
   * those to `prewarm()` in `Options.settings`.
   */
  settings?: FlagSettingsUpdate;
  /** Appended to the system prompt of the claimed session. */
  appendSystemPrompt?: string;
  /** The session's title (`session_title_changed`). */
  title?: string;
  /** Subagents of the claimed session, as `Options.agents`. */
  agents?: Record<string, AgentDefinition>;
};
