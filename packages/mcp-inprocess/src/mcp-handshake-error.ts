import { HexagentError, hasMarker, type JsonRpcErrorObject } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.McpHandshakeError');

/** An in-process MCP server could not be started or failed the `initialize` / `tools/list` handshake. */
export class McpHandshakeError extends HexagentError {
  readonly code = 'MCP_HANDSHAKE_FAILED' as const;
  /** The name of the in-process server. */
  readonly serverName: string;
  /** The JSON-RPC error the server answered with, when it answered with one. */
  readonly error: JsonRpcErrorObject | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { serverName: string; message: string; error?: JsonRpcErrorObject; cause?: unknown }) {
    super({ message: `MCP server "${options.serverName}": ${options.message}`, cause: options.cause });
    this.serverName = options.serverName;
    this.error = options.error;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is McpHandshakeError {
    return hasMarker(error, MARKER);
  }
}
