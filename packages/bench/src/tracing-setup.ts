import { createRequire } from 'node:module';
import type { TracingMode } from './workload.js';

const require = createRequire(import.meta.url);

/** Counts what tracing did in this process: spans exported, `@opentelemetry/*` modules loaded. */
export type TracingProbe = () => { spans: number; otelModules: number };

/** `@opentelemetry/*` modules in the CommonJS cache (the api and the SDK are CommonJS under Node.js). */
function otelModules(): number {
  return Object.keys(require.cache).filter((path) => path.includes('/@opentelemetry/')).length;
}

/**
 * Sets up tracing as `mode` says, as an application would before its first query: `api` imports
 * `@opentelemetry/api` and registers nothing; `provider` registers a `BasicTracerProvider` with a
 * `SimpleSpanProcessor` into an `InMemorySpanExporter` and the AsyncLocalStorage context manager,
 * and asks for hexagent's spans (`HEXAGENT_TRACING=1`).
 */
export async function setUpTracing(mode: TracingMode): Promise<TracingProbe> {
  if (mode === 'off') return () => ({ spans: 0, otelModules: otelModules() });
  const api = await import('@opentelemetry/api');
  if (mode === 'api') return () => ({ spans: 0, otelModules: otelModules() });
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import(
    '@opentelemetry/sdk-trace-base'
  );
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const exporter = new InMemorySpanExporter();
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  // hexagent's spans are sent only when asked for; the bench measures them on.
  process.env.HEXAGENT_TRACING = '1';
  return () => ({ spans: exporter.getFinishedSpans().length, otelModules: otelModules() });
}
