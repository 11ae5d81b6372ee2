import type { SessionTracer } from '../../ports/session-tracer.js';

/** Options hexagent adds to the official ones: bounds on what the CLI sends and on callbacks. */
export interface HexagentOptions {
  /** The largest line accepted from the CLI, in bytes (default 64 MiB); a longer one is a fault. */
  maxMessageBytes?: number;
  /** How long control requests sent to the CLI may wait for an answer, in ms (default 60 s). */
  controlRequestTimeoutMs?: number;
  /** How long a `canUseTool` callback may take before the call is denied, in ms (default 10 min). */
  permissionTimeoutMs?: number;
  /**
   * How long a hook callback may take, in ms (default 10 min). It is sent to the CLI as the
   * `timeout` of every hook matcher that sets none, and the CLI enforces it: it withdraws the request
   * (the callback's `signal` aborts) and, for `PreToolUse`, does not run the tool. A matcher's own
   * `timeout` (in seconds) wins over this.
   */
  hookTimeoutMs?: number;
  /**
   * Where the session's spans go (query, turns, tool calls, hook and permission callbacks, control
   * requests). Default: the facade traces through `@opentelemetry/api` when a global tracer
   * provider is registered, and not at all otherwise. `false` turns tracing off for this query.
   */
  tracer?: SessionTracer | false;
}
