import type { ControlRequestOptions } from '../ports/control-protocol.js';
import type { InitializeResponse } from '../types/control.js';
import type { McpServerStatus } from '../types/mcp/mcp-server-status.js';
import type { ModelInfo } from '../types/models.js';
import type { PermissionMode } from '../types/permissions/permission-update.js';
import type { SlashCommand } from '../types/slash-command.js';

/**
 * The control methods of a session: one method per control request the SDK sends to the CLI, each
 * written in terms of {@link SessionControls.request} (and {@link SessionControls.initializationResult}
 * for what the CLI reported at start). `Session` extends it and supplies those two.
 *
 * Adding a control method is a few lines here: a method that calls
 * `this.request('<subtype>', payload)` and maps the answer, its result type beside the official shapes in `src/types/`.
 *
 * @example
 * ```ts
 * // In this class:
 * async rewindFiles(userMessageId: string): Promise<void> {
 *   await this.request('rewind_files', { user_message_id: userMessageId });
 * }
 * ```
 */
export abstract class SessionControls {
  /** Send a control request to the CLI. Rejects with `ControlRequestError` when the CLI answers an error. */
  abstract request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>>;

  /** The CLI's answer to `initialize` (commands, models, account, version, ...). */
  abstract initializationResult(): Promise<InitializeResponse>;

  /** Interrupt the current turn. */
  async interrupt(): Promise<void> {
    await this.request('interrupt');
  }

  /** Change the permission mode; resolves with the mode the CLI reports. */
  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.request('set_permission_mode', { mode });
  }

  /** Change the model (or back to the default with `undefined`). */
  async setModel(model?: string): Promise<void> {
    await this.request('set_model', model === undefined ? {} : { model });
  }

  /** Change the thinking budget (`null` clears it). */
  async setMaxThinkingTokens(maxThinkingTokens: number | null): Promise<void> {
    await this.request('set_max_thinking_tokens', { max_thinking_tokens: maxThinkingTokens });
  }

  /** The status of every MCP server of the session. */
  async mcpServerStatus(): Promise<McpServerStatus[]> {
    const response = await this.request('mcp_status');
    return (response.mcpServers as McpServerStatus[] | undefined) ?? [];
  }

  /** The slash commands the CLI offers. */
  async supportedCommands(): Promise<SlashCommand[]> {
    return ((await this.initializationResult()).commands as SlashCommand[] | undefined) ?? [];
  }

  /** The models the CLI offers. */
  async supportedModels(): Promise<ModelInfo[]> {
    return ((await this.initializationResult()).models as ModelInfo[] | undefined) ?? [];
  }
}
