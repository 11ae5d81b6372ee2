/** Precomputed MCP handshake results, sent in `initialize` so the CLI can skip the handshake. */
export interface McpServerManifest {
  initializeResult: Record<string, unknown>;
  toolsListResult: { tools: Array<Record<string, unknown>>; [key: string]: unknown };
}
