import { errorMessage, InvalidOptionError, JsonRpcErrorCode, type McpServerManifest } from '@hexagent/core';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
import type { JsonObject } from './json-rpc-message.js';
import { loadMcpRuntime, type McpRuntime } from './load-mcp-runtime.js';
import { McpHandshakeError } from './mcp-handshake-error.js';
import { isMcpSdkServerLike, type McpSdkServerFactory, type McpSdkServerLike } from './mcp-sdk-server-like.js';
import { McpServerInUseError } from './mcp-server-in-use-error.js';

const CLIENT_INFO = { name: 'hexagent', version: '0.1.0' };
/** `tools/list` pages followed at most by the handshake. */
const MAX_TOOL_PAGES = 100;

/**
 * The port of a user-supplied MCP SDK server (see {@link InProcessMcpServerPort}): an `McpServer`
 * or low-level `Server` of `@modelcontextprotocol/sdk`, or a function returning a fresh one,
 * connected over the MCP SDK's in-memory transport. Its own handlers validate and run the calls;
 * the manifest is the answer to a handshake (`initialize`, `notifications/initialized`, and every
 * page of `tools/list`; a server without a `tools/list` handler has no tools, as officially).
 */
export class McpSdkServerPort extends InProcessMcpServerPort {
  private readonly supply: McpSdkServerFactory;

  /**
   * @param name - The server's name (the key in `mcpServers`).
   * @param supply - Returns the server to connect: the user's server itself, or the user's factory
   *   (called once per connection attempt; what it returns is checked).
   */
  constructor(name: string, supply: McpSdkServerFactory) {
    super(name);
    this.supply = supply;
  }

  protected override async createServer(): Promise<McpSdkServerLike> {
    const made: unknown = await this.supply();
    if (!isMcpSdkServerLike(made)) {
      throw new InvalidOptionError({
        option: `mcpServers.${this.name}.instance`,
        message: 'the factory must return an McpServer or Server from @modelcontextprotocol/sdk',
      });
    }
    return made;
  }

  /** The manifest through the MCP SDK: `initialize`, `notifications/initialized` and `tools/list` (every page). */
  protected override async loadManifest(): Promise<McpServerManifest> {
    let runtime: McpRuntime;
    let transport: InMemoryTransport;
    try {
      runtime = await loadMcpRuntime();
      transport = await this.connection.connect();
    } catch (error) {
      if (McpServerInUseError.isInstance(error) || InvalidOptionError.isInstance(error)) throw error;
      throw new McpHandshakeError({
        serverName: this.name,
        message: `could not start: ${errorMessage(error)}`,
        cause: error,
      });
    }
    const initialize = await this.connection.request(
      {
        jsonrpc: '2.0',
        method: 'initialize',
        params: { protocolVersion: runtime.protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO },
      },
      undefined,
      undefined,
    );
    if ('error' in initialize) {
      throw new McpHandshakeError({
        serverName: this.name,
        message: `initialize failed: ${initialize.error.message}`,
        error: initialize.error,
      });
    }
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }).catch((error: unknown) => {
      throw new McpHandshakeError({ serverName: this.name, message: errorMessage(error), cause: error });
    });
    const tools: JsonObject[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const list = await this.connection.request(
        { jsonrpc: '2.0', method: 'tools/list', ...(cursor !== undefined && { params: { cursor } }) },
        undefined,
        undefined,
      );
      // An McpServer with no tool registered has no tools/list handler: the official SDK's CLI sees
      // it connected with no tools (ACP's adapter starts one so), so that is no tools, not a failure.
      if ('error' in list && list.error.code === JsonRpcErrorCode.MethodNotFound && page === 0) break;
      if ('error' in list) {
        throw new McpHandshakeError({
          serverName: this.name,
          message: `tools/list failed: ${list.error.message}`,
          error: list.error,
        });
      }
      const pageTools = list.result['tools'];
      if (Array.isArray(pageTools)) tools.push(...pageTools);
      const next = list.result['nextCursor'];
      cursor = typeof next === 'string' && next !== '' ? next : undefined;
      if (cursor === undefined) break;
    }
    return { initializeResult: initialize.result, toolsListResult: { tools } };
  }
}
