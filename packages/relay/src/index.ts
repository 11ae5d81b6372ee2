/**
 * @hexagent/relay: runs the Claude Code CLI for authenticated WebSocket clients
 * (`@hexagent/transport-websocket`), one process per connection, within what the operator allows:
 * which CLI, which flags, which environment variables, which working directories. The bin
 * `hexagent-relay` starts one from a JSON configuration. A token holder can run commands on the
 * relay's host through the CLI's tools: the allow-lists are guard rails, not a sandbox (see the README).
 *
 * @packageDocumentation
 */

export { type AcceptedHello, checkHello } from './check-hello.js';
export { CLAUDE_CODE_FLAG_FORMS, type CliFlagForm } from './cli-flag-forms.js';
export type { HelloRefusal } from './hello-refusal.js';
export { loadRelayConfig } from './load-relay-config.js';
export {
  type ClientMcpServersPolicy,
  type ProcessTracking,
  type RelayConfig,
  type ResolvedRelayConfig,
  resolveRelayConfig,
} from './relay-config.js';
export {
  DEFAULT_ALLOWED_ENV,
  DEFAULT_ALLOWED_FLAG_VALUES,
  DEFAULT_ALLOWED_FLAGS,
  DEFAULT_FLAG_DEFAULTS,
  DEFAULT_INHERITED_ENV,
} from './relay-defaults.js';
export type { RelayEvent } from './relay-event.js';
export { type Relay, startRelay } from './relay-server.js';
export { PASSING_CONTROL_SUBTYPES } from './screen/control-subtypes.js';
