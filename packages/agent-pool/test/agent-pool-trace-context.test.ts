/**
 * The caller's trace context (`TRACEPARENT`) and an agent pool: a CLI the pool starts for one query
 * gets that query's, as a plain query does; a CLI that serves whichever query comes (a recycled
 * CLI, a spare) gets none, since the span active when it started is no parent of the others'.
 */
import { createRequire } from 'node:module';
import { factoriesOf } from '@hexagent/compose';
import type { TransportFactory, TransportLaunch } from '@hexagent/core';
import { createContainer, query, type SDKMessage } from '@hexagent/sdk';
import { FakeCliTransport, fakeCliWiring } from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentPool } from '../src/index.js';
import { prewarmSpareSource } from '../src/prewarm-spare-source.js';
import { ReusableCli } from '../src/reusable-cli.js';
import { fakeMeasure, PidFakeCli } from './pool-test-kit.js';

// The W3C propagator of @opentelemetry/core (resolved beside sdk-trace-base, which depends on it).
const { W3CTraceContextPropagator } = createRequire(import.meta.resolve('@opentelemetry/sdk-trace-base'))(
  '@opentelemetry/core',
) as { W3CTraceContextPropagator: new () => api.TextMapPropagator };

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  api.propagation.disable();
  api.trace.disable();
  api.context.disable();
});

/** Above any kernel's pid_max, apart from the kit's. */
const PID_BASE = 96_000_000;

function recordingFactory(): {
  factory: TransportFactory;
  clis: PidFakeCli[];
  launches: Array<TransportLaunch | undefined>;
} {
  const clis: PidFakeCli[] = [];
  const launches: Array<TransportLaunch | undefined> = [];
  const factory: TransportFactory = (launch: TransportLaunch) => {
    launches.push(launch);
    const cli = new PidFakeCli(PID_BASE + clis.length, launch);
    clis.push(cli);
    return cli;
  };
  return { factory, clis, launches };
}

async function drainAnswering(run: AsyncIterable<SDKMessage>, cli: () => PidFakeCli | undefined): Promise<void> {
  const iterator = run[Symbol.asyncIterator]();
  const first = iterator.next();
  await vi.waitFor(() => expect(cli()?.state.started).toBe(true), { timeout: 30_000, interval: 5 });
  cli()?.answer('done');
  for (let next = await first; !next.done; next = await iterator.next()) {
    // drain
  }
}

describe('the trace context and an agent pool', () => {
  const traceparent = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;
  const inSpan = <T>(run: () => Promise<T>): Promise<T> =>
    api.trace.getTracer('app').startActiveSpan('app.request', (span) => run().finally(() => span.end()));

  it('gives a CLI started for one pooled query that query’s, as a plain query gets it', async () => {
    const pooled = recordingFactory();
    const pool = createAgentPool(
      {
        maxConcurrent: 1,
        memoryBudgetMb: 1000,
        measureProcessTrees: fakeMeasure(),
        options: { transport: pooled.factory },
      },
      createContainer(),
    );
    const direct = recordingFactory();
    const container = fakeCliWiring(createContainer).containerWith(direct.factory);
    await inSpan(async () => {
      await drainAnswering(pool.query({ prompt: 'one' }), () => pooled.clis[0]);
      await drainAnswering(query({ prompt: 'two' }, container), () => direct.clis[0]);
    });
    await pool.close();
    expect(pooled.launches[0]?.traceContext?.traceparent).toMatch(traceparent);
    expect(direct.launches[0]?.traceContext?.traceparent).toMatch(traceparent);
  });

  it('gives a recycled CLI and a spare none', async () => {
    const wiring = fakeCliWiring(createContainer);
    const container = wiring.containerWith(() => new FakeCliTransport({ autoInitialize: true }));
    await inSpan(async () => {
      const reusable = ReusableCli.create({}, factoriesOf(container));
      await reusable.session.close();
      const spare = await prewarmSpareSource.prewarm({}, factoriesOf(container));
      await spare.close();
    });
    expect(wiring.launches.map((launch) => launch?.traceContext)).toEqual([undefined, undefined]);
    await wiring.closeAll();
  });
});
