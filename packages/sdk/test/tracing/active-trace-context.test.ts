/**
 * The caller's trace context handed to the transport (for the CLI's `TRACEPARENT`), as the official
 * SDK passes it: the span active when the query is created, through the application's registered
 * propagator (OpenTelemetry's W3C one here); nothing without a propagator, and never for a pooled CLI.
 */
import { createRequire } from 'node:module';
import { activeTraceContext } from '@hexagent/compose';
import type { TransportLaunch } from '@hexagent/core';
import { FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContainer } from '../../src/container.js';
import { query } from '../../src/index.js';

// The W3C propagator of @opentelemetry/core, the one NodeSDK registers (resolved beside sdk-trace-base, which depends on it).
const { W3CTraceContextPropagator } = createRequire(import.meta.resolve('@opentelemetry/sdk-trace-base'))(
  '@opentelemetry/core',
) as { W3CTraceContextPropagator: new () => api.TextMapPropagator };

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterEach(() => {
  api.propagation.disable();
  exporter.reset();
});
afterAll(() => {
  api.trace.disable();
  api.context.disable();
});

/** Runs one query on the fake CLI inside `run`, and returns the launch its transport was made with. */
async function launchOf(): Promise<TransportLaunch | undefined> {
  const wiring = fakeCliWiring(createContainer);
  const fake = new FakeCliTransport({ autoInitialize: true });
  const run = query({ prompt: 'hi', options: { tracer: true } }, wiring.containerWith(fake));
  await fake.waitForControlRequest('initialize');
  fake.emit(resultMessage({ session_id: 's' }));
  fake.finish();
  for await (const _ of run) {
    // drain
  }
  return wiring.launches[0];
}

describe('the trace context the CLI gets', () => {
  it('is the span active when the query is created, through the registered propagator', async () => {
    api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const app = api.trace.getTracer('app');
    const launch = await app.startActiveSpan('app.request', async (span) => {
      try {
        return await launchOf();
      } finally {
        span.end();
      }
    });
    const parent = exporter.getFinishedSpans().find((s) => s.name === 'app.request');
    const { traceId, spanId } = parent?.spanContext() ?? {};
    expect(launch?.traceContext).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    // The query's own span is a sibling of the CLI's spans, under the same parent.
    const root = exporter.getFinishedSpans().find((s) => s.name === 'hexagent.query');
    expect(root?.parentSpanContext?.spanId).toBe(spanId);
  });

  it('is absent without a registered propagator, or without an active span', async () => {
    const app = api.trace.getTracer('app');
    expect(
      await app.startActiveSpan('app.request', async (span) => launchOf().finally(() => span.end())),
    ).not.toHaveProperty('traceContext');
    api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    expect(activeTraceContext()).toBeUndefined();
    expect(await launchOf()).not.toHaveProperty('traceContext');
  });
});
