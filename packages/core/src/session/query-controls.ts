import type { AccountInfo } from '../types/account-info.js';
import type { AgentInfo } from '../types/agents.js';
import type {
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlInterruptResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  SDKControlSetPermissionModeResponse,
} from '../types/control/sdk-control-responses.js';
import type { McpServerConfig } from '../types/mcp/mcp-server-config.js';
import type { McpServerStatus, McpSetServersResult } from '../types/mcp/mcp-server-status.js';
import type { ModelInfo } from '../types/models.js';
import type { PermissionMode } from '../types/permissions/permission-update.js';
import type { RewindFilesResult } from '../types/rewind-files-result.js';
import type { FlagSettingsUpdate } from '../types/settings/flag-settings-update.js';
import type { SlashCommand } from '../types/slash-command.js';
import type { SdkPluginConfig } from '../types/tool-config.js';

/**
 * The live controls of a running query, the official `Query`'s control methods, declared once:
 * `Session` implements them, and the facade's `Query`, `ClaudeClient` and the pool's queries get
 * theirs from `QUERY_CONTROLS` (`control-table.ts`) through `forwardQueryControls`.
 *
 * Each control request resolves with the CLI's answer, mapped as the official SDK maps it, or
 * rejects with `ControlRequestError` (`errorCode` is the CLI's code); a call made before the CLI
 * answered `initialize` waits for it; after the session closed, a call rejects with a typed error.
 */
export interface QueryControls {
  /** Interrupt the current turn; resolves with the CLI's receipt (`still_queued`), `undefined` without one. */
  interrupt(): Promise<SDKControlInterruptResponse | undefined>;
  /**
   * Change the permission mode. Resolves with the permission mode now in effect, which is not
   * always the mode asked for: record `mode`, not the argument. Resolves to `undefined` where the
   * answer names no mode (an older CLI), or one outside `PermissionMode`. Rejects where the mode
   * is refused.
   */
  setPermissionMode(mode: PermissionMode): Promise<SDKControlSetPermissionModeResponse | undefined>;
  /** Pin (`'default'`, `'auto'`) or clear (`null`) an MCP server's permission-mode override; it only tightens. */
  setMcpPermissionModeOverride(serverName: string, mode: 'default' | 'auto' | null): Promise<{ warning?: string }>;
  /** Change the model for the next responses; `undefined` goes back to the default. */
  setModel(model?: string): Promise<void>;
  /**
   * Change the thinking budget (`null` clears it) and, when given, the thinking display.
   *
   * @deprecated Use the `thinking` option, as in the official SDK.
   */
  setMaxThinkingTokens(
    maxThinkingTokens: number | null,
    thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null,
  ): Promise<void>;
  /** Merge settings into the flag settings layer (`null` clears a key); rejects, applying nothing, on an invalid value. */
  applyFlagSettings(settings: FlagSettingsUpdate): Promise<void>;
  /** Merge settings into a settings file through the CLI's own writer (only the keys it allows). */
  updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, unknown>): Promise<void>;
  /** The CLI's first answer to `initialize` (commands, agents, models, account, output styles, ...). */
  initializationResult(): Promise<SDKControlInitializeResponse>;
  /** Send `initialize` again to the running CLI; resolves with its fresh answer. */
  reinitialize(): Promise<SDKControlInitializeResponse>;
  /** The slash commands: those of the latest `system/commands_changed` message, else the initialize answer's. */
  supportedCommands(): Promise<SlashCommand[]>;
  /** The models the CLI offers (from the initialize answer). */
  supportedModels(): Promise<ModelInfo[]>;
  /** The sub-agents the session can run (from the initialize answer). */
  supportedAgents(): Promise<AgentInfo[]>;
  /** The status of every MCP server. */
  mcpServerStatus(): Promise<McpServerStatus[]>;
  /** The context window's use by category; `detail: 'summary'` skips the per-category token-count calls. */
  getContextUsage(opts?: { detail?: 'summary' | 'full' }): Promise<SDKControlGetContextUsageResponse>;
  /** The data behind `/usage`: session cost and token totals, plan rate limits (experimental). */
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts?: {
    skipBehaviors?: boolean;
  }): Promise<SDKControlGetUsageResponse>;
  /** Read a file (relative to the cwd, or absolute) under the Read tool's rules; `null` on any failure. */
  readFile(
    path: string,
    options?: { maxBytes?: number; encoding?: 'utf-8' | 'base64' },
  ): Promise<SDKControlReadFileResponse | null>;
  /** Reload plugins from disk (and load `addPlugins`); resolves with the refreshed session components. */
  reloadPlugins(options?: {
    holdOnCacheImpact?: boolean;
    addPlugins?: SdkPluginConfig[];
    refuseIfBusy?: boolean;
  }): Promise<SDKControlReloadPluginsResponse>;
  /** Reload skills from disk; resolves with the refreshed list. */
  reloadSkills(): Promise<SDKControlReloadSkillsResponse>;
  /** Re-read the output-style directories; resolves with the style names. */
  reloadOutputStyles(): Promise<SDKControlReloadOutputStylesResponse>;
  /** The account the CLI runs as (from the initialize answer; no request). */
  accountInfo(): Promise<AccountInfo>;
  /**
   * Restore the files Write, Edit and NotebookEdit changed to their state at the user message
   * `userMessageId` (needs `enableFileCheckpointing`); `dryRun` only reports what would change.
   */
  rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult>;
  /** Tell the CLI a file was read at `mtime` (floored ms), so an Edit does not ask for a fresh Read. */
  seedReadState(path: string, mtime: number): Promise<void>;
  /** Reconnect an MCP server by name; rejects on failure. */
  reconnectMcpServer(serverName: string): Promise<void>;
  /** Enable or disable an MCP server by name; rejects on failure. */
  toggleMcpServer(serverName: string, enabled: boolean): Promise<void>;
  /** Read a `ui://` resource (an MCP Apps widget) from a server the CLI runs; render it sandboxed. */
  readMcpResource(serverName: string, uri: string): Promise<SDKControlMcpReadResourceResponse>;
  /**
   * Replace the servers this method manages, and every in-process server (those of the
   * `mcpServers` option too), with `servers`. In-process servers are connected here first, and the
   * CLI then reaches them over `mcp_message`; the others go to the CLI as configs.
   */
  setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult>;
  /** Stop a running task; a `task_notification` with status `stopped` follows. */
  stopTask(taskId: string): Promise<void>;
  /** Move foreground tasks (all, or the one `toolUseId` started) to the background; false only when that matched none. */
  backgroundTasks(toolUseId?: string): Promise<boolean>;
}

/** The name of a control method of {@link QueryControls}. */
export type QueryControlName = keyof QueryControls;
