import type { ControlRequestOptions } from '../ports/control-protocol.js';
import type { SDKControlInitializeResponse } from '../types/control/sdk-control-responses.js';
import type { McpSdkServerConfig, McpSdkServerConfigWithInstance } from '../types/mcp/mcp-server-config.js';
import type { SlashCommand } from '../types/slash-command.js';

/**
 * What the control methods of `QUERY_CONTROLS` need of the object they run on (a `Session`, or a
 * test's recording stand-in): the request primitive, the answer to `initialize`, and the two pieces
 * of session state a control reads or changes.
 */
export interface ControlHost {
  /**
   * Send a control request to the CLI; resolves with its `response` (`{}` when it sent none).
   * Rejects with `ControlRequestError` when the CLI answers an error.
   */
  request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>>;
  /** The CLI's answer to `initialize` (commands, agents, models, account, output styles, ...). */
  initializationResult(): Promise<SDKControlInitializeResponse>;
  /** The commands of the latest `system/commands_changed` message, `undefined` until one came. */
  latestCommands(): SlashCommand[] | undefined;
  /**
   * Make the in-process servers of the session exactly `servers`: close the ones left out, create
   * (and route `mcp_message` to) the new ones, keep the others. Resolves with each server's config
   * as the CLI sees it (`{ type: 'sdk', name, ...settings }`), by name.
   */
  replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfig>>;
}
