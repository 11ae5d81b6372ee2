import type {
  AccountInfo,
  AgentInfo,
  FlagSettingsUpdate,
  McpServerConfig,
  McpServerStatus,
  McpSetServersResult,
  ModelInfo,
  PermissionMode,
  RewindFilesResult,
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
  SdkPluginConfig,
  Session,
  SlashCommand,
} from '@hexagent/core';

/**
 * The live controls a running query and a connected `ClaudeClient` share, each handed to the
 * session's method of the same name (see the official `Query` for each one's contract). Every
 * control request resolves with the CLI's answer, mapped as the official SDK maps it, or rejects
 * with `ControlRequestError` (its `errorCode` is the CLI's); a call made before the CLI answered
 * `initialize` waits for it; after the session closed, a call rejects with a typed error.
 */
export abstract class LiveControls {
  /** The session the controls act on (a `ClaudeClient` throws here before `connect()`). */
  protected abstract controls(): Session;

  /** Interrupt the current turn; resolves with the CLI's receipt (`still_queued`), if it sent one. */
  interrupt(): Promise<SDKControlInterruptResponse | undefined> {
    return this.controls().interrupt();
  }

  /** Change the permission mode; resolves with the mode now in effect, as the CLI answers (see `Query`). */
  setPermissionMode(mode: PermissionMode): Promise<SDKControlSetPermissionModeResponse | undefined> {
    return this.controls().setPermissionMode(mode);
  }

  /** Pin (`'default'`, `'auto'`) or clear (`null`) an MCP server's permission-mode override. */
  setMcpPermissionModeOverride(serverName: string, mode: 'default' | 'auto' | null): Promise<{ warning?: string }> {
    return this.controls().setMcpPermissionModeOverride(serverName, mode);
  }

  /** Change the model; `undefined` goes back to the default. */
  setModel(model?: string): Promise<void> {
    return this.controls().setModel(model);
  }

  /**
   * Change the thinking budget (`null` clears it) and, when given, the thinking display.
   *
   * @deprecated Use the `thinking` option, as in the official SDK.
   */
  setMaxThinkingTokens(
    maxThinkingTokens: number | null,
    thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null,
  ): Promise<void> {
    return this.controls().setMaxThinkingTokens(maxThinkingTokens, thinkingDisplay);
  }

  /** Merge settings into the flag settings layer; `null` clears a key. */
  applyFlagSettings(settings: FlagSettingsUpdate): Promise<void> {
    return this.controls().applyFlagSettings(settings);
  }

  /** Merge settings into a settings file through the CLI's own writer (the keys it allows). */
  updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, unknown>): Promise<void> {
    return this.controls().updateSettings(source, settings);
  }

  /** Send `initialize` again to the running CLI; resolves with its fresh answer. */
  reinitialize(): Promise<SDKControlInitializeResponse> {
    return this.controls().reinitialize();
  }

  /** The slash commands: the latest `system/commands_changed` list, else the initialize answer's. */
  supportedCommands(): Promise<SlashCommand[]> {
    return this.controls().supportedCommands();
  }

  /** The models the CLI offers. */
  supportedModels(): Promise<ModelInfo[]> {
    return this.controls().supportedModels();
  }

  /** The sub-agents the session can run. */
  supportedAgents(): Promise<AgentInfo[]> {
    return this.controls().supportedAgents();
  }

  /** The status of every MCP server. */
  mcpServerStatus(): Promise<McpServerStatus[]> {
    return this.controls().mcpServerStatus();
  }

  /** The context window's use by category (`detail: 'summary'` skips the token-count calls). */
  getContextUsage(opts?: { detail?: 'summary' | 'full' }): Promise<SDKControlGetContextUsageResponse> {
    return this.controls().getContextUsage(opts);
  }

  /** The data behind `/usage` (experimental in the official SDK too). */
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts?: {
    skipBehaviors?: boolean;
  }): Promise<SDKControlGetUsageResponse> {
    return this.controls().usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts);
  }

  /** Read a file under the Read tool's rules; `null` on any failure. */
  readFile(
    path: string,
    options?: { maxBytes?: number; encoding?: 'utf-8' | 'base64' },
  ): Promise<SDKControlReadFileResponse | null> {
    return this.controls().readFile(path, options);
  }

  /** Reload plugins from disk; resolves with the refreshed commands, agents, plugins, MCP servers. */
  reloadPlugins(options?: {
    holdOnCacheImpact?: boolean;
    addPlugins?: SdkPluginConfig[];
    refuseIfBusy?: boolean;
  }): Promise<SDKControlReloadPluginsResponse> {
    return this.controls().reloadPlugins(options);
  }

  /** Reload skills from disk. */
  reloadSkills(): Promise<SDKControlReloadSkillsResponse> {
    return this.controls().reloadSkills();
  }

  /** Re-read the output-style directories. */
  reloadOutputStyles(): Promise<SDKControlReloadOutputStylesResponse> {
    return this.controls().reloadOutputStyles();
  }

  /** The account the CLI runs as (from the initialize answer; no request). */
  accountInfo(): Promise<AccountInfo> {
    return this.controls().accountInfo();
  }

  /** Restore the files the tools changed to their state at a user message (`enableFileCheckpointing`). */
  rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult> {
    return this.controls().rewindFiles(userMessageId, options);
  }

  /** Tell the CLI a file was read at `mtime`, so an Edit does not ask for a fresh Read. */
  seedReadState(path: string, mtime: number): Promise<void> {
    return this.controls().seedReadState(path, mtime);
  }

  /** Reconnect an MCP server by name. */
  reconnectMcpServer(serverName: string): Promise<void> {
    return this.controls().reconnectMcpServer(serverName);
  }

  /** Enable or disable an MCP server by name. */
  toggleMcpServer(serverName: string, enabled: boolean): Promise<void> {
    return this.controls().toggleMcpServer(serverName, enabled);
  }

  /** Read a `ui://` resource from an MCP server the CLI runs. */
  readMcpResource(serverName: string, uri: string): Promise<SDKControlMcpReadResourceResponse> {
    return this.controls().readMcpResource(serverName, uri);
  }

  /** Replace the MCP servers (in-process ones included) for the rest of the session. */
  setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult> {
    return this.controls().setMcpServers(servers);
  }

  /** Stop a running task. */
  stopTask(taskId: string): Promise<void> {
    return this.controls().stopTask(taskId);
  }

  /** Move foreground tasks to the background; false only when `toolUseId` matched none. */
  backgroundTasks(toolUseId?: string): Promise<boolean> {
    return this.controls().backgroundTasks(toolUseId);
  }
}
