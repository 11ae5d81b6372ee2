/**
 * Process-wide handlers of the CLI transport are installed once, not once per CLI: the hook that
 * stops the CLI when this process exits or is signalled goes through signal-exit, which holds ONE
 * listener per signal while any CLI runs and none when none does. It never adds a process 'exit'
 * listener. One AbortController shared by many transports carries one
 * 'abort' listener, so it trips no MaxListenersExceededWarning. Against the stand-in CLI (echoing
 * its input, exiting at EOF), since the subject is the transport.
 */
import { getEventListeners } from 'node:events';
import { readdirSync } from 'node:fs';
import { isRunning } from '@hexagent/testing';
import { processGuardian } from '@hexagent/transport-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliTransport } from '../../src/cli-transport.js';
import { waitFor } from '../helpers/checks.js';
import { SCRIPTED, standInCli } from '../helpers/stand-in.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';
import { transportFor } from '../helpers/transport-for.js';

const EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Counts = Record<(typeof EVENTS)[number], number>;

const counts = (): Counts => Object.fromEntries(EVENTS.map((event) => [event, process.listenerCount(event)])) as Counts;
const openFds = (): number => readdirSync('/proc/self/fd').length;
/** With any CLI running: signal-exit's one listener per signal, nothing on 'exit'. */
const whileRunning = (baseline: Counts): Counts => ({
  ...baseline,
  SIGINT: baseline.SIGINT + 1,
  SIGTERM: baseline.SIGTERM + 1,
  SIGHUP: baseline.SIGHUP + 1,
});

/** 50 stand-in CLIs (Node.js processes) take ~10 s on a quiet 2-core machine, over 30 s under load. */
const SPAWNS_TIMEOUT_MS = 120_000;

const transports: CliTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});
// The process guardian (one shell per program, holding one pipe while the program runs) starts
// with the first CLI and stays: started here, so its pipe is in every baseline, not counted as a leak.
beforeAll(() => {
  processGuardian().start();
});
afterAll(() => {
  removeTempDirs();
});

let cli: string | undefined;
function echoCli(options: { abortController?: AbortController } = {}): CliTransport {
  cli ??= standInCli(SCRIPTED);
  const transport = transportFor({ pathToClaudeCodeExecutable: cli, ...options }, { closeTimeoutMs: 1_000 });
  transports.push(transport);
  return transport;
}

/** Start a transport and see one line go round trip (so the CLI really runs). */
async function startEchoing(transport: CliTransport): Promise<AsyncIterator<unknown>> {
  await transport.start();
  const iterator = transport.messages()[Symbol.asyncIterator]();
  await transport.send({ type: 'ping', n: 1 });
  const echoed = await iterator.next();
  expect(echoed.value).toEqual({ type: 'ping', n: 1 });
  return iterator;
}

async function settle(baseline: Counts, fds: number): Promise<void> {
  // signal-exit unloads once the last CLI has ended, a few ticks after the exit (and the fds of 50
  // pipes close): a wait on that, with waitFor's generous default, not a 3 s cap a loaded machine misses.
  await waitFor(() => JSON.stringify(counts()) === JSON.stringify(baseline) && openFds() <= fds).catch(() => {});
  expect(counts()).toEqual(baseline);
  expect(openFds()).toBeLessThanOrEqual(fds);
}

describe('process-wide handlers are installed once, not per CLI', { timeout: SPAWNS_TIMEOUT_MS }, () => {
  it('50 transports one after another: the same counts during each, back to the start after each', async () => {
    const baseline = counts();
    const fds = openFds();
    const during: Counts[] = [];
    for (let i = 0; i < 50; i++) {
      const transport = echoCli();
      await startEchoing(transport);
      during.push(counts());
      await transport.close();
      expect(isRunning(transport.pid as number)).toBe(false);
      await settle(baseline, fds);
    }
    console.log(`[lifecycle] 50 sequential transports: listeners ${JSON.stringify(baseline)} before and after each;`);
    console.log(`[lifecycle]   while one runs: ${JSON.stringify(during[0])}, open fds back to ${openFds()} (${fds})`);
    for (const sample of during) expect(sample).toEqual(whileRunning(baseline));
  });

  it('50 transports at once: one listener per signal while all 50 run, none left after', async () => {
    const baseline = counts();
    const fds = openFds();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const running = Array.from({ length: 50 }, () => echoCli());
      await Promise.all(running.map((transport) => startEchoing(transport)));
      const during = counts();
      const fdsDuring = openFds();
      await Promise.all(running.map((transport) => transport.close()));
      for (const transport of running) expect(isRunning(transport.pid as number)).toBe(false);
      await settle(baseline, fds);
      console.log(
        `[lifecycle] 50 concurrent transports: listeners while running ${JSON.stringify(during)}, ` +
          `open fds ${fds} -> ${fdsDuring} -> ${openFds()}`,
      );
      expect(during).toEqual(whileRunning(baseline));
      expect(warnings.map(String)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('close() resolves once the exit hook has released its handlers', () => {
  it('after an explicit close, and after the CLI exited by itself: counts are back at once, with no waiting', async () => {
    const baseline = counts();
    // Closed by us.
    const closed = echoCli();
    await startEchoing(closed);
    await closed.close();
    expect(counts()).toEqual(baseline);
    // The CLI exits at the end of its input; its reader sees the end, then close() is called.
    const exiting = echoCli();
    const iterator = await startEchoing(exiting);
    exiting.endInput();
    expect((await iterator.next()).done).toBe(true);
    await exiting.close();
    expect(counts()).toEqual(baseline);
    // The same through subscribe(): end() comes first, close() still waits for the release.
    const pushed = echoCli();
    await pushed.start();
    const ended = new Promise<void>((resolve) => pushed.subscribe({ message: () => {}, end: () => resolve() }));
    pushed.endInput();
    await ended;
    await pushed.close();
    expect(counts()).toEqual(baseline);
  });
});

describe('one AbortController shared by 20 transports', () => {
  it("carries one 'abort' listener (no MaxListeners warning); aborting it stops all 20 CLIs", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const abortController = new AbortController();
      const running = Array.from({ length: 20 }, () => echoCli({ abortController }));
      const iterators = await Promise.all(running.map((transport) => startEchoing(transport)));
      expect(getEventListeners(abortController.signal, 'abort')).toHaveLength(1);
      const since = Date.now();
      abortController.abort();
      // Every stream ends and every process is gone.
      await Promise.all(iterators.map(async (iterator) => expect((await iterator.next()).done).toBe(true)));
      // A wait on the exits, not a bound: 20 processes ending take seconds on a loaded machine.
      await waitFor(() => running.every((transport) => !isRunning(transport.pid as number)));
      console.log(`[lifecycle] abort() of 20 transports sharing a controller: all gone in ${Date.now() - since} ms`);
      expect(getEventListeners(abortController.signal, 'abort')).toHaveLength(0);
      expect(warnings.map(String)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('finished transports take their listener off the shared signal', async () => {
    const abortController = new AbortController();
    for (let i = 0; i < 20; i++) {
      const transport = echoCli({ abortController });
      await startEchoing(transport);
      await transport.close();
    }
    expect(getEventListeners(abortController.signal, 'abort')).toHaveLength(0);
  });
});
