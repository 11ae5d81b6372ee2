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
 * Loads the MCP SDK, ajv and zod, once per process, when a session first connects an in-process
 * server; importing this package loads none of them.
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
