import { loadOpenTelemetryApi, openTelemetryRegistry } from './open-telemetry-global.js';

/**
 * The trace context of the span active now, as the application's registered OpenTelemetry
 * propagator writes it (W3C: `traceparent`, and `tracestate` when set), for the CLI to get as
 * `TRACEPARENT`/`TRACESTATE`, as the official SDK passes it. `undefined` without a registered
 * propagator (nothing is loaded then), without an active span, or when the propagator writes
 * nothing.
 */
export function activeTraceContext(): Record<string, string> | undefined {
  if (openTelemetryRegistry()?.propagation === undefined) return undefined;
  const api = loadOpenTelemetryApi();
  if (api?.propagation === undefined) return undefined;
  const carrier: Record<string, string> = {};
  api.propagation.inject(api.context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}
