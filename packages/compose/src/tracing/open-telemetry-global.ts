import { createRequire } from 'node:module';
import { moduleLocation } from '@hexagent/transport-kit';
import type { OpenTelemetryApiLike } from './open-telemetry-api-like.js';

/** Where `@opentelemetry/api` 1.x keeps its globals (the tracer provider under `trace`, the propagator under `propagation`). */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

const require = createRequire(moduleLocation(import.meta.url));
/** The api module once loaded; null when it cannot be resolved from here. */
let api: OpenTelemetryApiLike | null | undefined;

/**
 * What the application registered with `@opentelemetry/api`, read from its global without loading
 * the api: `undefined` when nothing is registered.
 */
export function openTelemetryRegistry(): { trace?: unknown; propagation?: unknown } | undefined {
  return (globalThis as Record<symbol, { trace?: unknown; propagation?: unknown } | undefined>)[OTEL_GLOBAL];
}

/**
 * The `@opentelemetry/api` module, required from this package's location, or `undefined` when it
 * cannot be resolved. Call it only once {@link openTelemetryRegistry} shows the application uses
 * the api: it has loaded the module then, so the `require` is a cache hit (the api is CommonJS
 * under Node.js for `import` and `require` alike) and no query waits on it.
 */
export function loadOpenTelemetryApi(): OpenTelemetryApiLike | undefined {
  if (api === undefined) {
    try {
      api = require('@opentelemetry/api') as OpenTelemetryApiLike;
    } catch {
      api = null;
    }
  }
  return api ?? undefined;
}
