import type { SessionTracer } from '@hexagent/core';
import { createOpenTelemetryTracer } from './create-open-telemetry-tracer.js';
import { loadOpenTelemetryApi, openTelemetryRegistry } from './open-telemetry-global.js';

let tracer: SessionTracer | undefined;

/**
 * The tracer of the globally registered OpenTelemetry provider, or `undefined` when none is
 * registered. The check reads one global property: without a provider, `@opentelemetry/api` is
 * never loaded (installed or not). With one, the application has loaded the api already, so
 * requiring it here is a cache hit and no query waits on it. An application bundled without
 * `node_modules` passes `options.tracer` instead.
 */
export function globalOpenTelemetryTracer(): SessionTracer | undefined {
  if (openTelemetryRegistry()?.trace === undefined) return undefined;
  const api = loadOpenTelemetryApi();
  if (api === undefined) return undefined;
  tracer ??= createOpenTelemetryTracer(api);
  return tracer;
}
