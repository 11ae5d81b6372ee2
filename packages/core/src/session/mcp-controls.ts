import { classifyMcpServers } from '../mcp/classify-mcp-servers.js';
import type { SDKControlMcpReadResourceResponse } from '../types/control/sdk-control-responses.js';
import type {
  McpSdkServerConfig,
  McpSdkServerConfigWithInstance,
  McpServerConfig,
} from '../types/mcp/mcp-server-config.js';
import type { McpServerStatus, McpSetServersResult } from '../types/mcp/mcp-server-status.js';
import { FileControls } from './file-controls.js';

/**
 * The control methods about MCP servers: status, reconnect, enable/disable, read a UI resource,
 * per-server permission mode, and replacing the set of servers mid-session. See
 * {@link SessionControls} for how the control classes build on one another.
 */
export abstract class McpControls extends FileControls {
  /**
   * Make the in-process servers of the session exactly `servers`: close the ones left out, create
   * (and route `mcp_message` to) the new ones, keep the others. Resolves with each server's config
   * as the CLI sees it (`{ type: 'sdk', name, ...settings }`), by name.
   */
  protected abstract replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfig>>;

  /** The status of every MCP server of the session (connected, failed, needs-auth, pending, disabled). */
  async mcpServerStatus(): Promise<McpServerStatus[]> {
    const response = await this.request('mcp_status');
    return (response.mcpServers as McpServerStatus[] | undefined) ?? [];
  }

  /** Reconnect an MCP server by name; rejects when that fails (or the server is unknown or disabled). */
  async reconnectMcpServer(serverName: string): Promise<void> {
    await this.request('mcp_reconnect', { serverName });
  }

  /** Enable or disable an MCP server by name (a disabled server's tools leave the tool set). */
  async toggleMcpServer(serverName: string, enabled: boolean): Promise<void> {
    await this.request('mcp_toggle', { serverName, enabled });
  }

  /**
   * Read a `ui://` resource (an MCP Apps widget) from a server the CLI itself runs. The contents
   * are untrusted HTML: render them sandboxed.
   */
  async readMcpResource(serverName: string, uri: string): Promise<SDKControlMcpReadResourceResponse> {
    return (await this.request('mcp_read_resource', { serverName, uri })) as SDKControlMcpReadResourceResponse;
  }

  /**
   * Pin (`'default'`, `'auto'`) or clear (`null`) a server's permission-mode override; it can only
   * tighten. `warning` says the name matches no known server (the override is stored anyway).
   */
  async setMcpPermissionModeOverride(
    serverName: string,
    mode: 'default' | 'auto' | null,
  ): Promise<{ warning?: string }> {
    return (await this.request('set_mcp_permission_mode_override', { serverName, mode })) as { warning?: string };
  }

  /**
   * Replace the MCP servers this method manages, and every in-process server (including those of
   * the `mcpServers` option), with `servers`. In-process servers (`createSdkMcpServer`) are
   * connected here first and reach the CLI by name; the others go to the CLI as configs.
   */
  async setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult> {
    const { inProcess, external } = classifyMcpServers(servers);
    const sdkServers = await this.replaceSdkMcpServers(inProcess);
    return (await this.request('mcp_set_servers', {
      servers: { ...external, ...sdkServers },
    })) as McpSetServersResult;
  }
}
