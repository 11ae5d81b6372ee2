/**
 * `@hexagent/sdk/adapters`: what adapter authors and advanced composition need, by name. The ports
 * (`Transport`, `McpServerPort`, `ControlProtocol`) with their wire frames and JSON-RPC types; one
 * implementation of the inbound message stream a transport can reuse; the CLI subprocess
 * transport and the in-process MCP port (the default adapters); and the `Session` use case with
 * the factory the entry points use; and the pieces a package composing queries on the facade needs
 * (`@hexagent/agent-pool` uses them: `QueryImpl` over a session, `startSpare`, `initializeWithin`,
 * `resolveFactories`, `transportFactoryOf`, `asyncDispose`). A contributed transport is done when it passes the
 * conformance suite of `@hexagent/testing/conformance` (docs/architecture.md).
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
  externalMcpServerConfigs,
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
// What a package built on the facade (the agent pool) composes its queries from
export { asyncDispose } from './async-dispose.js';
export { resolveFactories } from './container.js';
export { createSession } from './create-session.js';
export { QueryImpl } from './query-impl.js';
export { transportFactoryOf } from './transport-option.js';
export { initializeWithin } from './warm/initialize-within.js';
export { startSpare } from './warm/prewarm.js';
