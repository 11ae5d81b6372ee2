import { errorMessage, type JsonRpcResponse, type McpServerManifest } from '@hexagent/core';
import { DefinitionToolServer } from './definition-tool-server.js';
import { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
import type { InboundRequest } from './json-rpc-message.js';
import type { McpRuntime } from './load-mcp-runtime.js';
import { loadToolsRuntime } from './load-tools-runtime.js';
import { McpHandshakeError } from './mcp-handshake-error.js';
import type { McpSdkServerLike } from './mcp-sdk-server-like.js';
import { isPlainToolsCall } from './plain-tools-call.js';
import type { SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';

/**
 * The port of a `createSdkMcpServer` definition (see {@link InProcessMcpServerPort}). Its manifest
 * and plain `tools/call` requests are served by hexagent's {@link DefinitionToolServer}, which
 * loads only the compilers its tools need; anything else (the CLI's own handshake, other methods,
 * unusual `tools/call` params) goes to an MCP SDK `Server` built from the definition for this port,
 * which loads the MCP SDK the first time.
 */
export class SdkMcpServerDefinitionPort extends InProcessMcpServerPort {
  private readonly definition: SdkMcpServerDefinition;
  private readonly tools: DefinitionToolServer;

  /**
   * @param name - The server's name (the key in `mcpServers`).
   * @param definition - The `instance` of a `createSdkMcpServer` config.
   */
  constructor(name: string, definition: SdkMcpServerDefinition) {
    super(name);
    this.definition = definition;
    this.tools = new DefinitionToolServer(definition, {
      requests: this.pending,
      failure: (id, error) => this.internalError(id, error),
    });
  }

  protected override async loadManifest(): Promise<McpServerManifest> {
    try {
      if (this.closed) throw new Error(`MCP server "${this.name}" was closed`);
      return await this.tools.manifest();
    } catch (error) {
      throw new McpHandshakeError({
        serverName: this.name,
        message: `could not start: ${errorMessage(error)}`,
        cause: error,
      });
    }
  }

  protected override async createServer(runtime: McpRuntime): Promise<McpSdkServerLike> {
    const compilers = await (await loadToolsRuntime()).loadToolCompilers(
      this.definition.tools,
      this.definition.jsonSchemaValidator,
    );
    return runtime.buildSdkServer(this.definition, compilers);
  }

  protected override serveRequest(
    request: InboundRequest,
    signal: AbortSignal | undefined,
  ): Promise<JsonRpcResponse> | JsonRpcResponse {
    if (request.method === 'tools/call' && isPlainToolsCall(request.params)) {
      return this.tools.call(request.id, request.params, signal);
    }
    return super.serveRequest(request, signal);
  }

  protected override releaseResources(): void {
    this.tools.dispose();
  }
}
