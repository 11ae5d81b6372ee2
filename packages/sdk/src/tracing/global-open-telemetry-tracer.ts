import { createRequire } from 'node:module';
import type { SessionTracer } from '@hexagent/core';
import { moduleLocation } from '@hexagent/transport-cli';
import { createOpenTelemetryTracer } from './create-open-telemetry-tracer.js';
import type { OpenTelemetryApiLike } from './open-telemetry-api-like.js';

/** Where `@opentelemetry/api` 1.x keeps its globals (the tracer provider under `trace`). */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

const require = createRequire(moduleLocation(import.meta.url));
/** The api module once loaded; null when it cannot be resolved from here. */
let api: OpenTelemetryApiLike | null | undefined;
let tracer: SessionTracer | undefined;

/**
 * The tracer of the globally registered OpenTelemetry provider, or `undefined` when none is
 * registered. The check reads one global property: without a provider, `@opentelemetry/api` is
 * never loaded (installed or not). With one, the application has loaded the api already, so
 * requiring it here is a cache hit (it is CommonJS under Node.js for `import` and `require` alike)
 * and no query waits on it. An application bundled without `node_modules` passes
 * `options.tracer` instead.
 */
export function globalOpenTelemetryTracer(): SessionTracer | undefined {
  const registry = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[OTEL_GLOBAL];
  if (registry?.trace === undefined) return undefined;
  if (api === undefined) {
    try {
      api = require('@opentelemetry/api') as OpenTelemetryApiLike;
    } catch {
      api = null;
    }
  }
  if (api === null) return undefined;
  tracer ??= createOpenTelemetryTracer(api);
  return tracer;
}
