/**
 * When the user's process ends (process.exit(), a crash, SIGTERM, SIGINT, SIGHUP), no CLI child
 * survives it. A child Node program (fixtures/lifecycle-child.mjs) starts a query on the real CLI
 * and reports the CLI's pid; the test ends that program and watches the CLI.
 *
 * How: execa's `cleanup: true` registers the CLI with signal-exit, which installs ONE listener per
 * signal for the whole process (not one per query) and, on exit or on a signal nobody else handles,
 * sends the CLI SIGTERM. SIGKILL cannot be handled by anyone in the program: the process guardian
 * (one `sh` per program, `ProcessGuardian` of the transport kit) stops the CLI and everything it
 * started then; lifecycle-app-killed.test.ts kills programs mid-model-call, mid-tool and mid-retry
 * with every entry point. The idle case stays here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type ModelScript, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunning, mainRequests, type RealCliHarness, startRealCli, waitUntilGone } from './lifecycle-helpers.js';

const CHILD = fileURLToPath(new URL('./fixtures/lifecycle-child.mjs', import.meta.url));

/**
 * How long the CLI may outlive the program. It gets SIGTERM at once, but when our end of its pipes
 * is already gone it sometimes takes ~2 s for its own shutdown (observed: 20 ms to 2.2 s).
 */
const GONE_WITHIN_MS = 5_000;

let harness: RealCliHarness | undefined;
let child: ChildProcess | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

type Scenario = 'tool' | 'idle';

const SCRIPTS: Record<Scenario, ModelScript> = {
  tool: [{ content: [toolUse('mcp__slow__wait', {}, 'toolu_wait')] }, { content: [text('after the tool')] }],
  idle: [{ content: [text('first turn done')] }],
};

interface Started {
  pid: number;
  ready: { listeners: { SIGTERM: number; SIGINT: number } };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/** Starts the child program and waits until its CLI is busy (or idle, for 'idle'). */
async function startChild(
  scenario: Scenario,
  ending: 'exit' | 'throw' | 'wait',
  extra: Record<string, unknown> = {},
): Promise<Started> {
  harness = await startRealCli(scope, SCRIPTS[scenario]);
  const spawned = spawn(process.execPath, [CHILD], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HEXAGENT_CHILD_CONFIG: JSON.stringify({ env: harness.env, scenario, ending, ...extra }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = spawned;
  scope.defer(() => {
    if (spawned.exitCode === null && spawned.signalCode === null) spawned.kill('SIGKILL');
  });
  let stderr = '';
  spawned.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    spawned.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let pid: number | undefined;
  let ready: Started['ready'] | undefined;
  const lines = createInterface({ input: spawned.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const event = JSON.parse(line) as { event: string; pid?: number } & Started['ready'];
    if (event.event === 'cli') {
      const cliPid = event.pid;
      pid = cliPid;
      // Never leave a CLI behind, even when an assertion failed.
      scope.defer(() => {
        if (cliPid !== undefined && isRunning(cliPid)) process.kill(cliPid, 'SIGKILL');
      });
    }
    if (event.event === 'ready') {
      ready = event;
      break;
    }
  }
  if (pid === undefined || ready === undefined) {
    throw new Error(`the child program did not get its CLI running: ${stderr}`);
  }
  return { pid, ready, exited, stderr: () => stderr };
}

describe("the user's process ends: no CLI survives it", () => {
  it('process.exit() while a tool handler runs: the CLI is gone within 5 s', async () => {
    const { pid, exited } = await startChild('tool', 'exit');
    const since = Date.now();
    expect(await exited).toEqual({ code: 0, signal: null });
    const goneMs = await waitUntilGone(pid, GONE_WITHIN_MS, since);
    console.log(`[lifecycle] process.exit(): CLI gone ${goneMs} ms after`);
  });

  it('an uncaught exception while a tool handler runs: the CLI is gone within 5 s', async () => {
    const { pid, exited, stderr } = await startChild('tool', 'throw');
    const since = Date.now();
    expect((await exited).code).toBe(1);
    expect(stderr()).toContain('the user program crashed');
    const goneMs = await waitUntilGone(pid, GONE_WITHIN_MS, since);
    console.log(`[lifecycle] uncaught exception: CLI gone ${goneMs} ms after`);
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s while a tool handler runs: the program dies of it, the CLI is gone within 5 s; one listener per signal',
    async (signal) => {
      const { pid, exited, ready } = await startChild('tool', 'wait');
      // signal-exit's single listener (execa's cleanup), not one per query.
      expect(ready.listeners).toEqual({ SIGTERM: 1, SIGINT: 1 });
      const since = Date.now();
      child?.kill(signal);
      // Nobody else handles the signal, so the program still dies of it (signal-exit re-raises it).
      expect(await exited).toEqual({ code: null, signal });
      // The CLI gets SIGTERM at once (its own shutdown may then take ~2 s).
      const goneMs = await waitUntilGone(pid, GONE_WITHIN_MS, since);
      console.log(`[lifecycle] ${signal}: CLI gone ${goneMs} ms after`);
      // It stopped instead of going on with the turn. The CLI gets our SIGTERM and loses its stdin at
      // the same moment; when it notices the failed tool call first, it tells the model once before
      // its SIGTERM shutdown ends it (a race inside the CLI, seen about once in five CI runs), but never
      // more than once.
      expect(mainRequests(harness?.server as RealCliHarness['server']).length).toBeLessThanOrEqual(2);
    },
  );

  it("SIGTERM with the program's own SIGTERM handler that calls process.exit(): the CLI is gone within 5 s", async () => {
    const { pid, exited, ready } = await startChild('tool', 'wait', { ownSigtermHandler: true });
    expect(ready.listeners.SIGTERM).toBe(2);
    const since = Date.now();
    child?.kill('SIGTERM');
    expect(await exited).toEqual({ code: 143, signal: null });
    const goneMs = await waitUntilGone(pid, GONE_WITHIN_MS, since);
    console.log(`[lifecycle] SIGTERM with the program's own handler: CLI gone ${goneMs} ms after`);
  });
});

describe('SIGKILL cannot be handled by the program: its guardian stops the CLI', () => {
  it('idle (waiting for the next prompt): the CLI is gone within 3 s', async () => {
    const { pid, exited } = await startChild('idle', 'wait');
    const since = Date.now();
    child?.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    // The guardian stops it at once; without it the CLI exits on its input's end, usually within
    // ~200 ms, or after its own ~2 s grace when it reports its session state.
    const goneMs = await waitUntilGone(pid, 3_000, since);
    console.log(`[lifecycle] SIGKILL while idle: CLI gone ${goneMs} ms after`);
  });
});
