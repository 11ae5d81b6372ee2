import type { ControlRequestOptions } from '../ports/control-protocol.js';
import type { AccountInfo } from '../types/account-info.js';
import type { AgentInfo } from '../types/agents.js';
import type {
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlInterruptResponse,
} from '../types/control/sdk-control-responses.js';
import type { ModelInfo } from '../types/models.js';
import type { SlashCommand } from '../types/slash-command.js';

/**
 * The control methods of a session, one small method per control request the SDK sends to the CLI,
 * each written over {@link SessionControls.request} (and {@link SessionControls.initializationResult}
 * for what the CLI reported at start), with the official SDK's names, payloads and result mapping.
 *
 * They are split by concept, each class adding one group to the one before:
 * `SessionControls` (the turn, tasks, what the CLI reports, usage) ← `SettingsControls`
 * (permission mode, model, thinking, settings, reloads) ← `FileControls` (read, rewind, read state)
 * ← `McpControls` (MCP servers) ← `Session`, which supplies the primitives.
 *
 * The surface itself is declared once in `query-controls.ts` (`QueryControls`, and `QUERY_CONTROLS`
 * with each method's request subtype and whether it changes the CLI's state); the facade's
 * `Query`, `ClaudeClient` and the pool's queries make their methods from that table. Adding a
 * control method is its signature and line there, and a few lines in the class of its concept: a
 * method that calls `this.request('<subtype>', payload)` and maps the answer (its result type
 * beside the official shapes in `src/types/`).
 *
 * @example
 * ```ts
 * // In SessionControls:
 * async stopTask(taskId: string): Promise<void> {
 *   await this.request('stop_task', { task_id: taskId });
 * }
 * ```
 */
export abstract class SessionControls {
  /**
   * Send a control request to the CLI; resolves with its `response` (`{}` when it sent none).
   * Rejects with `ControlRequestError` when the CLI answers an error.
   */
  abstract request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>>;

  /** The CLI's answer to `initialize` (commands, agents, models, account, output styles, ...). */
  abstract initializationResult(): Promise<SDKControlInitializeResponse>;

  /** The commands of the latest `system/commands_changed` message, `undefined` until one came. */
  protected latestCommands(): SlashCommand[] | undefined {
    return undefined;
  }

  /**
   * Interrupt the current turn. Resolves with the CLI's receipt (`still_queued`: the queued user
   * messages that will still run; `cancelled`, when given), or `undefined` when the CLI sent none.
   */
  async interrupt(): Promise<SDKControlInterruptResponse | undefined> {
    const response = await this.request('interrupt');
    const stillQueued = response.still_queued;
    if (!Array.isArray(stillQueued)) return undefined;
    const cancelled = response.cancelled;
    return {
      still_queued: stillQueued.filter(isString),
      ...(Array.isArray(cancelled) && { cancelled: cancelled.filter(isString) }),
    };
  }

  /** Stop a running task; a `task_notification` with status `stopped` follows. */
  async stopTask(taskId: string): Promise<void> {
    await this.request('stop_task', { task_id: taskId });
  }

  /**
   * Move foreground tasks (Bash commands, sub-agents) to the background: all of them, or the one
   * started by `toolUseId`. False only when `toolUseId` matched no foreground task.
   */
  async backgroundTasks(toolUseId?: string): Promise<boolean> {
    const response = await this.request('background_tasks', toolUseId === undefined ? {} : { tool_use_id: toolUseId });
    return (response.backgrounded as boolean | undefined) ?? true;
  }

  /** The slash commands: those of the latest `commands_changed` message, else the initialize answer's. */
  async supportedCommands(): Promise<SlashCommand[]> {
    const { commands } = await this.initializationResult();
    return this.latestCommands() ?? commands ?? [];
  }

  /** The models the CLI offers (from the initialize answer). */
  async supportedModels(): Promise<ModelInfo[]> {
    return (await this.initializationResult()).models ?? [];
  }

  /** The sub-agents the session can run (from the initialize answer). */
  async supportedAgents(): Promise<AgentInfo[]> {
    return (await this.initializationResult()).agents ?? [];
  }

  /** The account the CLI runs as (from the initialize answer; no request). */
  async accountInfo(): Promise<AccountInfo> {
    return (await this.initializationResult()).account;
  }

  /**
   * The context window's use by category. `detail: 'summary'` spares the per-category token-count
   * API calls that the default (`'full'`) makes.
   */
  async getContextUsage(options?: { detail?: 'summary' | 'full' }): Promise<SDKControlGetContextUsageResponse> {
    const payload = options?.detail === undefined ? {} : { detail: options.detail };
    return (await this.request('get_context_usage', payload)) as SDKControlGetContextUsageResponse;
  }

  /**
   * The data behind `/usage`: session cost and token totals, plan rate limits when they apply.
   * Experimental in the official SDK too: the name will change when the API is stable.
   */
  async usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(options?: {
    skipBehaviors?: boolean;
  }): Promise<SDKControlGetUsageResponse> {
    const payload = options?.skipBehaviors === true ? { skip_behaviors: true } : {};
    return (await this.request('get_usage', payload)) as SDKControlGetUsageResponse;
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
