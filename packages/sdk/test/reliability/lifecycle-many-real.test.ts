/**
 * Many queries in one process on the REAL CLI, each calling an in-process tool: 12 one after
 * another, then 10 at once (sharing one AbortController, a "stop everything" switch). Every query
 * gets its own tool result; process-wide listeners stay at one per signal while CLIs run (never one
 * per query) and return to where they were; no child process, file descriptor or pipe is left; the
 * heap (after full collections) does not grow beyond a small bound; no MaxListeners warning.
 *
 * The counts are what the real processes add to lifecycle-many-fake's 500 queries (which bound the
 * heap per query far more tightly): real children, pipes and signal listeners, sequential and at
 * once. Each real query costs the CLI 1.3-1.5 s of CPU on this machine, so more of them buy little.
 */
import { createSdkMcpServer, query, type SDKMessage, tool } from '@hexagent/sdk';
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addThenAnswer,
  expectNothingLeft,
  MiB,
  PROCESS_EVENTS,
  processListenerCounts,
  type RealCliHarness,
  settledHeapUsed,
  snapshot,
  startRealCli,
} from './lifecycle-helpers.js';
import { reportProgress } from './progress.js';

let harness: RealCliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

const model = addThenAnswer(1000);
const SEQUENTIAL = 12;
const CONCURRENT = 10;

/**
 * The heap of this process without what the scripted model server (which runs in it) recorded: it
 * keeps every request the CLI made, some 500 KB per query (system prompt, tool list).
 */
async function heapWithoutRecordings(): Promise<number> {
  harness?.server.requests.splice(0);
  return settledHeapUsed();
}

interface Sampled {
  /** Listener counts seen inside tool handlers, i.e. while that query's CLI (and others) ran. */
  duringCalls: Array<ReturnType<typeof processListenerCounts>>;
}

function calcServer(sampled: Sampled, calls: number[]) {
  return createSdkMcpServer({
    name: 'calc',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
        calls.push(a);
        sampled.duringCalls.push(processListenerCounts());
        return { content: [{ type: 'text', text: String(a + b) }] };
      }),
    ],
  });
}

async function runQuery(n: number, env: RealCliHarness['env'], sampled: Sampled, abortController?: AbortController) {
  const calls: number[] = [];
  const messages: SDKMessage[] = [];
  for await (const message of query({
    prompt: `query #${n}: add`,
    options: {
      env,
      mcpServers: { calc: calcServer(sampled, calls) },
      allowedTools: ['mcp__calc__add'],
      ...(abortController !== undefined && { abortController }),
    },
  })) {
    messages.push(message);
  }
  const result = messages.find((message) => message.type === 'result') as { result?: string } | undefined;
  return { calls, result: result?.result };
}

function format(counts: ReturnType<typeof processListenerCounts>): string {
  return PROCESS_EVENTS.map((event) => `${event}=${counts[event]}`).join(' ');
}

describe('many queries on the real CLI in one process', () => {
  // 17 real CLIs one after another: a hang detector, not a speed target (a CLI's start and turn take
  // seconds under load; at a load of 13 on 2 cores 35 took over 120 s).
  it(`${SEQUENTIAL} sequential queries, each with an in-process tool: nothing grows`, {
    timeout: 600_000,
  }, async () => {
    harness = await startRealCli(scope, model);
    const sampled: Sampled = { duringCalls: [] };
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // Warm up (module loading, JIT) before the baseline.
      for (let n = 0; n < 5; n++) await runQuery(n, harness.env, sampled);
      const baseline = snapshot();
      const heapBefore = await heapWithoutRecordings();
      sampled.duringCalls.length = 0;
      const started = Date.now();
      let done = 0;
      const progress = reportProgress(
        `${SEQUENTIAL} sequential real-CLI queries`,
        () => `${done} of ${SEQUENTIAL} done`,
      );
      try {
        for (let n = 1; n <= SEQUENTIAL; n++) {
          const { calls, result } = await runQuery(n, harness.env, sampled);
          expect(calls).toEqual([n]);
          expect(result).toBe(`sum=${n + 1000}`);
          done = n;
        }
      } finally {
        progress.stop();
      }
      const elapsed = Date.now() - started;
      const after = await expectNothingLeft(baseline);
      const heapAfter = await heapWithoutRecordings();
      const growth = heapAfter - heapBefore;
      console.log(
        `[lifecycle] ${SEQUENTIAL} sequential real-CLI queries in ${elapsed} ms (${Math.round(elapsed / SEQUENTIAL)} ms each): ` +
          `heap ${(heapBefore / MiB).toFixed(2)} -> ${(heapAfter / MiB).toFixed(2)} MiB ` +
          `(${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KiB), fds ${baseline.fds} -> ${after.fds}, ` +
          `listeners before/after: ${format(baseline.listeners)}; during each call: ${format(sampled.duringCalls[0] as ReturnType<typeof processListenerCounts>)}`,
      );
      // One listener per signal while a CLI runs (signal-exit), none on 'exit', whatever the count.
      for (const during of sampled.duringCalls) {
        expect(during.exit).toBe(baseline.listeners.exit);
        expect(during.SIGTERM).toBe(baseline.listeners.SIGTERM + 1);
        expect(during.SIGINT).toBe(baseline.listeners.SIGINT + 1);
      }
      expect(growth).toBeLessThan(3 * MiB);
      expect(warnings.map(String)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it(`${CONCURRENT} concurrent queries sharing one AbortController, each with its own tool: every result right, nothing left`, {
    timeout: 300_000,
  }, async () => {
    harness = await startRealCli(scope, model);
    const sampled: Sampled = { duringCalls: [] };
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await runQuery(0, harness.env, sampled);
      const baseline = snapshot();
      const heapBefore = await heapWithoutRecordings();
      sampled.duringCalls.length = 0;
      const abortController = new AbortController();
      const started = Date.now();
      let done = 0;
      const progress = reportProgress(
        `${CONCURRENT} concurrent real-CLI queries`,
        () => `${done} of ${CONCURRENT} done`,
      );
      const outcomes = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          runQuery(i + 1, harness?.env ?? {}, sampled, abortController).then((outcome) => {
            done++;
            return outcome;
          }),
        ),
      ).finally(() => progress.stop());
      const elapsed = Date.now() - started;
      outcomes.forEach(({ calls, result }, i) => {
        expect(calls).toEqual([i + 1]);
        expect(result).toBe(`sum=${i + 1 + 1000}`);
      });
      const after = await expectNothingLeft(baseline);
      const heapAfter = await heapWithoutRecordings();
      const growth = heapAfter - heapBefore;
      const maxDuring = Object.fromEntries(
        PROCESS_EVENTS.map((event) => [event, Math.max(...sampled.duringCalls.map((counts) => counts[event]))]),
      ) as ReturnType<typeof processListenerCounts>;
      console.log(
        `[lifecycle] ${CONCURRENT} concurrent real-CLI queries in ${elapsed} ms: heap ${(heapBefore / MiB).toFixed(2)} -> ` +
          `${(heapAfter / MiB).toFixed(2)} MiB (${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KiB), ` +
          `fds ${baseline.fds} -> ${after.fds}, listeners before/after: ${format(baseline.listeners)}; ` +
          `most seen while ${CONCURRENT} CLIs ran: ${format(maxDuring)}`,
      );
      expect(maxDuring.exit).toBe(baseline.listeners.exit);
      expect(maxDuring.SIGTERM).toBe(baseline.listeners.SIGTERM + 1);
      expect(maxDuring.SIGINT).toBe(baseline.listeners.SIGINT + 1);
      expect(growth).toBeLessThan(3 * MiB);
      expect(warnings.map(String)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
