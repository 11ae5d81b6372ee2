/**
 * `@hexagent/sdk/adapters`: what adapter authors need, by name. The ports (`Transport`,
 * `McpServerPort`, `ControlProtocol`) with their wire frames and JSON-RPC types; one implementation
 * of the inbound message stream a transport can reuse; the CLI subprocess transport and the
 * in-process MCP port (the default adapters); and the `Session` use case. What composes sessions
 * from factories (the session, the query, spares) is `@hexagent/compose`'s. A contributed transport
 * is done when it passes the conformance suite of `@hexagent/testing/conformance`
 * (docs/architecture.md).
 *
 * @example
 * ```ts
 * import { InboundMessageStream, type Transport } from '@hexagent/sdk/adapters';
 *
 * class SshTransport implements Transport {
 *   readonly specificationVersion = 'v1';
 *   private readonly inbound = new InboundMessageStream();
 *   // ...
 * }
 * ```
 *
 * @packageDocumentation
 */

export {
  ControlProtocolEngine,
  hasMarker,
  InboundMessageStream,
  isSdkServerConfig,
  JsonRpcErrorCode,
  NO_CONTROL_RESPONSE,
  randomIdSource,
  readTransport,
  Session,
  systemClock,
} from '@hexagent/core';
export {
  createInProcessMcpServer,
  InProcessMcpServerPort,
  isMcpSdkServerLike,
  isSdkMcpServerDefinition,
  jsonRpcError,
  McpInProcessErrorCode,
} from '@hexagent/mcp-inprocess';
export { CliTransport, createCliTransport, findClaudeCli } from '@hexagent/transport-cli';
export type * from './adapter-types.js';
