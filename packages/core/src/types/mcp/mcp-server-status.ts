import type { McpClaudeAIProxyServerConfig, McpServerConfigForProcessTransport } from './mcp-server-config.js';

/** One MCP server as `mcpServerStatus()` reports it. */
export type McpServerStatus = {
  name: string;
  status: 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';
  serverInfo?: {
    name: string;
    version: string;
  };
  error?: string;
  config?: McpServerStatusConfig;
  scope?: string;
  source?: string;
  tools?: {
    name: string;
    description?: string;
    annotations?: {
      readOnly?: boolean;
      destructive?: boolean;
      openWorld?: boolean;
    };
    _meta?: Record<string, unknown>;
  }[];
};

/** The configuration of a server in an `McpServerStatus`. */
export type McpServerStatusConfig = McpServerConfigForProcessTransport | McpClaudeAIProxyServerConfig;

/**
 * The MCP server serving an `mcp__*` tool, and where its definition came from (`source: 'sdk'` for
 * this process's in-process servers).
 */
export type McpServerProvenance = {
  name: string;
  source: string;
};

/** What changed when the MCP servers were replaced. */
export type McpSetServersResult = {
  added: string[];
  removed: string[];
  errors: Record<string, string>;
};
