/**
 * Any MCP server configuration accepted in `options.mcpServers`: external (stdio, SSE, HTTP) or
 * in-process (`type: 'sdk'`).
 */
export type McpServerConfig =
  | McpStdioServerConfig
  | McpSSEServerConfig
  | McpHttpServerConfig
  | McpSdkServerConfigWithInstance;

/**
 * An MCP server configuration that can be serialized to the CLI (an in-process server by name
 * only).
 */
export type McpServerConfigForProcessTransport =
  | McpStdioServerConfig
  | McpSSEServerConfig
  | McpHttpServerConfig
  | McpSdkServerConfig;

/** An external MCP server the CLI runs as a subprocess. */
export type McpStdioServerConfig = {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Time limit of one tool call, in milliseconds, enforced by the CLI (values below 1000 are ignored). */
  timeout?: number;
  /** Always put this server's tools in the prompt instead of deferring them behind tool search. */
  alwaysLoad?: boolean;
};

/** An external MCP server reached over Server-Sent Events. */
export type McpSSEServerConfig = {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  /** Time limit of one tool call, in milliseconds, enforced by the CLI (values below 1000 are ignored). */
  timeout?: number;
  /** Always put this server's tools in the prompt instead of deferring them behind tool search. */
  alwaysLoad?: boolean;
};

/** An external MCP server reached over streamable HTTP. */
export type McpHttpServerConfig = {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  tools?: McpServerToolPolicy[];
  /** Time limit of one tool call, in milliseconds, enforced by the CLI (values below 1000 are ignored). */
  timeout?: number;
  /** Always put this server's tools in the prompt instead of deferring them behind tool search. */
  alwaysLoad?: boolean;
};

/** An in-process MCP server as the CLI knows it: by name. */
export type McpSdkServerConfig = {
  type: 'sdk';
  name: string;
  /** Time limit of one tool call, in milliseconds, enforced by the CLI (values below 1000 are ignored). */
  timeout?: number;
  /** Permission policies of the server's tools (`always_ask`, `always_deny`). */
  tools?: McpServerToolPolicy[];
};

/**
 * An in-process MCP server: its tools run in this process, and the CLI reaches them over the
 * control protocol. `createSdkMcpServer()` returns one.
 */
export type McpSdkServerConfigWithInstance = McpSdkServerConfig & {
  /**
   * The server itself. The official SDK types it as the MCP SDK's `McpServer`; hexagent accepts
   * whatever the configured `McpServerFactory` serves: with `@hexagent/mcp-inprocess`, the
   * definition `createSdkMcpServer()` makes or a user's own `McpServer`.
   */
  instance: unknown;
};

/** An MCP server proxied through claude.ai. */
export type McpClaudeAIProxyServerConfig = {
  type: 'claudeai-proxy';
  url: string;
  id: string;
  timeout?: number;
};

/** The permission policy of one tool of an MCP server. */
export type McpServerToolPolicy = {
  name: string;
  permission_policy?: 'always_allow' | 'always_ask' | 'always_deny';
  org_max_permission?: 'allow' | 'ask' | 'blocked';
};

/** An MCP server of a sub-agent: the name of a configured server, or inline configs by name. */
export type AgentMcpServerSpec = string | Record<string, McpServerConfigForProcessTransport>;
