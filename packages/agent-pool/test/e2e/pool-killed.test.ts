/**
 * A program with an agent pool is SIGKILLed while a pooled query waits on the model (the scripted
 * model holds its answer) and a warm spare is parked: no CLI of the pool is left, and the model gets
 * no further request. The pool's CLIs are the transport's, so the program's guardian
 * (`ProcessGuardian` of @hexagent/transport-kit) stops them; with `HEXAGENT_PROCESS_GUARDIAN=off` in
 * this test's environment (handed to the program) the test fails.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type AppProcess,
  type KilledAppReport,
  killAppAndWatch,
  killRecords,
  processesWithEnv,
  startAppProcess,
  TestScope,
  text,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('./fixtures/pool-app.mjs', import.meta.url));
const MARKER = `HEXAGENT_TEST_APP=${process.pid}-${randomBytes(4).toString('hex')}`;

const scope = new TestScope();
let app: AppProcess | undefined;
let report: KilledAppReport | undefined;
afterEach(async () => {
  app?.kill('SIGKILL');
  killRecords([...(report?.left ?? []), ...processesWithEnv(MARKER)]);
  app = undefined;
  report = undefined;
  await scope.cleanup();
});

describe('a program with an agent pool is SIGKILLed', () => {
  it('mid-model-call with a spare parked: no CLI of the pool is left, no request follows', async () => {
    // Held for 120 s: without the guardian, the query's CLI would wait that long, the spare as long as its input is open.
    const harness = await scope.startCliHarness([{ content: [text('too late')], delayMs: 120_000 }]);
    const [name, value] = MARKER.split('=') as [string, string];
    const guardianSetting = process.env['HEXAGENT_PROCESS_GUARDIAN'];
    const started = startAppProcess(APP, {
      PATH: process.env['PATH'] ?? '',
      HEXAGENT_APP_CONFIG: JSON.stringify({ env: { ...harness.env, [name]: value }, prompt: 'wait for the model' }),
      ...(guardianSetting !== undefined && { HEXAGENT_PROCESS_GUARDIAN: guardianSetting }),
    });
    app = started;
    await started.event('started');
    const server = harness.server;
    // The query's request is held, and the pool's spare runs beside its CLI.
    await expect
      .poll(() => server.requests.some((request) => request.kind === 'main') && processesWithEnv(MARKER).length >= 2, {
        timeout: 100_000,
        interval: 50,
      })
      .toBe(true);
    report = await killAppAndWatch(started, { marker: MARKER, server, withinMs: 10_000 });
    console.log(
      `[pool-killed] ${report.before.length} processes before, left ${report.left.length}, gone after ${report.goneAfterMs} ms, requests after ${report.requestsAfterKill}`,
    );
    expect(report.before.length).toBeGreaterThanOrEqual(3);
    expect({ left: report.left.map((record) => record.command), requestsAfterKill: report.requestsAfterKill }).toEqual({
      left: [],
      requestsAfterKill: 0,
    });
  });
});
