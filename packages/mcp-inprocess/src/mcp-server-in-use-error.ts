import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.McpServerInUseError');

/**
 * A user-supplied MCP SDK `McpServer` (or `Server`) given as an in-process server's `instance` is
 * already connected to another transport, for instance to another session. An MCP SDK server
 * serves one connection at a time: pass a factory (`instance: () => createMyServer()`) to get a
 * fresh server per session, or define the server with `createSdkMcpServer`.
 */
export class McpServerInUseError extends HexagentError {
  readonly code = 'MCP_SERVER_IN_USE' as const;
  /** The name of the in-process server. */
  readonly serverName: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { serverName: string; cause?: unknown }) {
    super({
      message:
        `The MCP server given as the instance of "${options.serverName}" is already connected to another transport ` +
        '(an McpServer serves one connection at a time, so it cannot be shared by two sessions). To share it, ' +
        'pass a factory that returns a fresh server for each session: instance: () => createMyMcpServer(). ' +
        'Or define it with createSdkMcpServer(), whose config any number of sessions can use at once.',
      cause: options.cause,
    });
    this.serverName = options.serverName;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is McpServerInUseError {
    return hasMarker(error, MARKER);
  }
}
