import type { McpHttpServerConfig, McpSSEServerConfig, McpStdioServerConfig } from './mcp-server-config.js';

/** An external server configuration, as the CLI accepts it in `--mcp-config`. */
export type McpExternalServerConfig = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig;
