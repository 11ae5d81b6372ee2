/** The results of the session's control methods, as the CLI reports them (see `SessionControls`). */

/** One MCP server as `mcpServerStatus()` reports it. */
export interface McpServerStatus {
  name: string;
  status: 'connected' | 'failed' | 'needs-auth' | 'pending' | (string & {});
  serverInfo?: { name: string; version: string };
  [key: string]: unknown;
}

/** A slash command the CLI supports. */
export interface SlashCommand {
  name: string;
  description?: string;
  argumentHint?: string;
  [key: string]: unknown;
}

/** A model the CLI offers. */
export interface ModelInfo {
  value: string;
  displayName?: string;
  description?: string;
  [key: string]: unknown;
}
