/**
 * An agent worker process (fixtures/worker-process.mjs: the queue and the session store on the
 * test's PostgreSQL) is SIGKILLed while its job's CLI waits on the model (the scripted model holds its
 * answer): no CLI of the worker is left and the model gets no further request. The worker's CLIs are
 * the transport's, so the worker's guardian (`ProcessGuardian` of @hexagent/transport-kit) stops
 * them; with `HEXAGENT_PROCESS_GUARDIAN=off` in this test's environment (handed to the worker) the
 * test fails. (The job itself is retried by another worker: agent-queue.test.ts.)
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
import { afterEach, describe, expect, inject, it } from 'vitest';
import { enqueueAgentRun, pgBossQueue } from '../../src/index.js';

const connectionString = inject('postgresUrl');
const WORKER = fileURLToPath(new URL('./fixtures/worker-process.mjs', import.meta.url));
const MARKER = `HEXAGENT_TEST_APP=${process.pid}-${randomBytes(4).toString('hex')}`;

const scope = new TestScope();
let report: KilledAppReport | undefined;
afterEach(async () => {
  killRecords([...(report?.left ?? []), ...processesWithEnv(MARKER)]);
  report = undefined;
  await scope.cleanup();
});

describe('an agent worker is SIGKILLed', () => {
  it('mid-model-call: no CLI of the worker is left, no request follows', async () => {
    // Held for 120 s: without the guardian, the job's CLI would wait that long.
    const harness = await scope.startCliHarness([{ content: [text('too late')], delayMs: 120_000 }]);
    const name = `killed-${Date.now()}`;
    const queue = pgBossQueue({ connectionString, name, expireInSeconds: 90, retryLimit: 0 });
    scope.defer(() => queue.close());
    const cwd = scope.tempDir('hexagent-killed-worker-');
    const [marker, value] = MARKER.split('=') as [string, string];
    const guardianSetting = process.env['HEXAGENT_PROCESS_GUARDIAN'];
    const worker: AppProcess = startAppProcess(WORKER, {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: connectionString,
      QUEUE_NAME: name,
      CLI_ENV: JSON.stringify({ ...harness.env, [marker]: value }),
      WORKER_CWD: cwd,
      ...(guardianSetting !== undefined && { HEXAGENT_PROCESS_GUARDIAN: guardianSetting }),
    });
    scope.defer(() => worker.kill('SIGKILL'));
    await enqueueAgentRun(queue, { prompt: 'wait for the model' });
    const server = harness.server;
    await Promise.race([
      expect
        .poll(() => server.requests.some((request) => request.kind === 'main'), { timeout: 100_000, interval: 50 })
        .toBe(true),
      worker.exited.then((exit) => {
        throw new Error(`the worker ended (${JSON.stringify(exit)}):\n${worker.stderr()}`);
      }),
    ]);
    report = await killAppAndWatch(worker, { marker: MARKER, server, withinMs: 10_000 });
    console.log(
      `[worker-killed] ${report.before.length} processes before, left ${report.left.length}, gone after ${report.goneAfterMs} ms, requests after ${report.requestsAfterKill}`,
    );
    expect(report.before.length).toBeGreaterThanOrEqual(2);
    expect({ left: report.left.map((record) => record.command), requestsAfterKill: report.requestsAfterKill }).toEqual({
      left: [],
      requestsAfterKill: 0,
    });
  });
});
