/** The `_meta` a JSON-RPC request, notification or result of MCP may carry. */
export type McpRequestMeta = {
  [key: string]: unknown;
  progressToken?: string | number | undefined;
  'io.modelcontextprotocol/related-task'?: { taskId: string } | undefined;
};

/** MCP params or result: any fields, and an optional `_meta`. */
export type McpPayload = { [key: string]: unknown; _meta?: McpRequestMeta | undefined };

/**
 * A JSON-RPC message as the MCP SDK types it (`JSONRPCMessage` of `@modelcontextprotocol/sdk`):
 * a request, a notification, a result or an error. The control protocol's `mcp_message` requests
 * carry one.
 */
export type McpJsonRpcMessage =
  | { method: string; jsonrpc: '2.0'; id: string | number; params?: McpPayload | undefined }
  | { method: string; jsonrpc: '2.0'; params?: McpPayload | undefined }
  | { jsonrpc: '2.0'; id: string | number; result: McpPayload }
  | {
      jsonrpc: '2.0';
      error: { code: number; message: string; data?: unknown };
      id?: string | number | undefined;
    };
