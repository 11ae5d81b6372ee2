import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { buildSdkServer, checkCallToolResult } from './build-sdk-server.js';

/** What the port needs from the MCP SDK, loaded on first use. */
export interface McpRuntime {
  /** `InMemoryTransport.createLinkedPair()`: `[clientSide, serverSide]`. */
  createLinkedPair(): [InMemoryTransport, InMemoryTransport];
  /** Builds a session's `Server` from a `createSdkMcpServer` definition. */
  buildSdkServer: typeof buildSdkServer;
  /** The `Server`'s check of a `tools/call` result, for calls the port serves itself. */
  checkCallToolResult: typeof checkCallToolResult;
  /** The MCP protocol version the handshake asks for (the SDK's latest). */
  protocolVersion: string;
}

let runtime: Promise<McpRuntime> | undefined;

/**
 * Loads the MCP SDK's `Server`, message schemas and in-memory transport, once per process, the
 * first time something needs them: a user-supplied server, the CLI's own handshake, another method,
 * or a tool result that is not plain text. A `createSdkMcpServer` definition's manifest and
 * plain-text calls never do (see `load-tools-runtime.ts`); importing this package loads none of it.
 */
export function loadMcpRuntime(): Promise<McpRuntime> {
  runtime ??= Promise.all([
    import('@modelcontextprotocol/sdk/inMemory.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('./build-sdk-server.js'),
  ]).then(
    ([inMemory, types, server]) => ({
      createLinkedPair: () => inMemory.InMemoryTransport.createLinkedPair(),
      buildSdkServer: server.buildSdkServer,
      checkCallToolResult: server.checkCallToolResult,
      protocolVersion: types.LATEST_PROTOCOL_VERSION,
    }),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}
