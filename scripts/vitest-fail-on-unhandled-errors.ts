/**
 * A vitest `setupFiles` entry of every package: an unhandled promise rejection or an uncaught
 * exception fails the test during which it happened (in its `afterEach`), or the file (in
 * `afterAll`) when it happens between tests.
 *
 * Vitest on its own already reports such errors and exits non-zero, but it counts the tests as
 * passed (the JSON report says `success: true`, `numFailedTests: 0`) and names the culprit only as
 * "the latest test that might've caused the error". Failing the test itself makes the report, the
 * summary line and the culprit agree.
 */
import { afterAll, afterEach } from 'vitest';

interface Caught {
  kind: 'unhandledRejection' | 'uncaughtException';
  error: unknown;
}

const STATE = Symbol.for('hexagent.test.unhandledErrors');
type GlobalWithState = typeof globalThis & { [STATE]?: Caught[] };

const holder = globalThis as GlobalWithState;
// Registered once per process, however many test files this worker runs.
if (holder[STATE] === undefined) {
  const caught: Caught[] = [];
  holder[STATE] = caught;
  process.on('unhandledRejection', (error) => {
    caught.push({ kind: 'unhandledRejection', error });
  });
  process.on('uncaughtException', (error) => {
    caught.push({ kind: 'uncaughtException', error });
  });
}
const caught = holder[STATE];

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function failOnCaught(where: string): void {
  if (caught.length === 0) return;
  const errors = caught.splice(0);
  const details = errors.map(({ kind, error }) => `${kind}: ${describeError(error)}`).join('\n\n');
  throw new Error(`${errors.length} unhandled error(s) ${where}:\n\n${details}`);
}

afterEach(async () => {
  // Let rejections of the test's last microtasks and timers-at-zero surface first.
  await new Promise((resolve) => setImmediate(resolve));
  failOnCaught('during this test');
});

afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  failOnCaught('in this file, outside any test');
});
