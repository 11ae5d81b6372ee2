/**
 * @hexagent/relay: runs the Claude Code CLI for authenticated WebSocket clients
 * (`@hexagent/transport-websocket`), one process per connection, within what the operator allows:
 * which CLI, which flags, which environment variables, which working directories. The bin
 * `hexagent-relay` starts one from a JSON configuration.
 *
 * @packageDocumentation
 */

export { checkBearerToken } from './check-bearer-token.js';
export { type AcceptedHello, checkHello, type HelloRefusal } from './check-hello.js';
export { loadRelayConfig } from './load-relay-config.js';
export {
  DEFAULT_ALLOWED_ENV,
  DEFAULT_ALLOWED_FLAGS,
  type RelayConfig,
  type ResolvedRelayConfig,
  resolveRelayConfig,
} from './relay-config.js';
export { type Relay, startRelay } from './relay-server.js';
