/**
 * Injection tokens of the composition root (the facade's container registers under them, {@link factoriesOf}
 * reads them). Register another factory under one of these in a
 * (child) container to swap an adapter: a fake CLI in tests, an SSH or container transport in
 * production.
 */

/** Token of the `TransportFactory` (`(options) => Transport`). Default: the CLI subprocess transport. */
export const TRANSPORT_FACTORY: unique symbol = Symbol.for('hexagent.TRANSPORT_FACTORY');

/** Token of the `McpServerFactory` (`(name, config) => McpServerPort`). Default: the in-process MCP adapter. */
export const MCP_SERVER_FACTORY: unique symbol = Symbol.for('hexagent.MCP_SERVER_FACTORY');

/**
 * Token of a `SessionTracer` (the tracer port) every session made from the container reports its
 * spans to. Unregistered (the default), a session sends spans only when asked for (`tracer: true` or
 * `HEXAGENT_TRACING=1`: the global OpenTelemetry provider's); a `SessionTracer` or `false` as
 * `options.tracer` wins over it.
 */
export const TRACER: unique symbol = Symbol.for('hexagent.TRACER');

/**
 * Token of a `Clock` (core's time port: `now`, `setTimeout`, `clearTimeout`) every session made
 * from the container reads the time and sets its timers on: control request timeouts, callback
 * deadlines, session-store retries. Unregistered (the default), the system clock. Register a
 * `ManualClock` (`@hexagent/testing`) to drive a session's time in a test.
 */
export const CLOCK: unique symbol = Symbol.for('hexagent.CLOCK');

/**
 * Token of an `IdSource` (core's id port: `uuid()`) every session made from the container takes its
 * random ids from: control request ids, the `uuid` of `mirror_error` messages. Unregistered (the
 * default), `crypto.randomUUID()`.
 */
export const ID_SOURCE: unique symbol = Symbol.for('hexagent.ID_SOURCE');
