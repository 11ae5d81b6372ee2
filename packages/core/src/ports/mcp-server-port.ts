import type { JsonRpcMessage, JsonRpcResponse } from '../types/mcp/json-rpc.js';
import type { McpSdkServerConfigWithInstance } from '../types/mcp/mcp-server-config.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';

/** Context for one inbound JSON-RPC message. */
export interface McpHandleContext {
  /** Aborted when the session ends or the CLI withdraws the request. */
  signal: AbortSignal;
}

/**
 * One in-process MCP server as the CLI sees it. The CLI's JSON-RPC traffic for the server arrives
 * through `handle`; requests resolve to a response, notifications to `undefined`.
 */
export interface McpServerPort {
  /**
   * The version of this contract the port implements. `'v1'` is the contract described here; an
   * incompatible change to it gets a new version, so that the Session can recognise a port written
   * against an older contract (and adapt or refuse it) instead of misusing it. An adapter sets it to
   * the literal of the version it was written for.
   */
  readonly specificationVersion: 'v1';
  /** The server's name: the key in `mcpServers` and the `server_name` of `mcp_message`. */
  readonly name: string;
  /**
   * The server's `initialize` and `tools/list` results, sent in the session's `initialize` so
   * the CLI can skip the handshake. `undefined` when the server cannot tell them up front.
   */
  manifest(): Promise<McpServerManifest | undefined>;
  /** Serve one JSON-RPC message. Never rejects: failures become JSON-RPC error responses. */
  handle(message: JsonRpcMessage, context: McpHandleContext): Promise<JsonRpcResponse | undefined>;
  /** Disconnect from the server and abort running handlers. Idempotent. */
  close(): Promise<void>;
}

/** Creates the port for one in-process server config, for one session. */
export type McpServerFactory = (name: string, config: McpSdkServerConfigWithInstance) => McpServerPort;
