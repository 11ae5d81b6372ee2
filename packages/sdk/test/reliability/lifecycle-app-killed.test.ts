/**
 * A program killed with SIGKILL (which nothing in it can handle) leaves nothing running: no CLI, no
 * process a CLI started, no further model request. The program (fixtures/killed-app.mjs) runs in a
 * child process with the real CLI against the scripted model in this one; every entry point runs at
 * once, each at its own moment (a held model call, a Bash command, an in-process tool call, API
 * retries), each run's processes marked apart. The test kills the program, then
 * counts what is left of each run and the requests the model got after the kill.
 *
 * What makes it pass is the process guardian (`ProcessGuardian` of @hexagent/transport-kit): with
 * `HEXAGENT_PROCESS_GUARDIAN=off` in this test's environment (handed to the program) every run fails (docs/reliability.md, "When your process ends").
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type AppProcess,
  apiError,
  type CliHarness,
  type KilledAppReport,
  killAppAndWatch,
  killRecords,
  type ModelTurn,
  type ProcessRecord,
  processesWithEnv,
  processTree,
  type RecordedRequest,
  startAppProcess,
  stillRunning,
  TestScope,
  text,
  toolUse,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('./fixtures/killed-app.mjs', import.meta.url));
/** The variable that tells each run's processes apart: `<run name>.<this test's id>`. */
const MARKER = 'HEXAGENT_TEST_RUN';
/** Every process of the program's runs carries `HEXAGENT_TEST_APP=<this id>`. */
const ID = `${process.pid}-${randomBytes(4).toString('hex')}`;
/**
 * How long the program's processes may take to be gone after the kill. Without the guardian they
 * would run for minutes: the held model answer comes after 120 s, the Bash command sleeps for an
 * hour, the CLI retries for minutes. The guardian acts in milliseconds (a few hundred under load).
 */
const GONE_WITHIN_MS = 10_000;
/** A Bash command that outlives any test unless it is killed (its argument marks it). */
const SLEEP_ARG = `${3000 + (process.pid % 997)}.5`;

interface Run {
  name: string;
  entry: 'query' | 'client' | 'startup' | 'prewarm' | 'custom';
  /** What the model does with a request of this run. */
  answer: (request: RecordedRequest) => ModelTurn;
  /** True once the run is at its moment. */
  reached: (harness: CliHarness, app: AppProcess, events: Set<string>) => boolean;
}

const held: ModelTurn = { content: [text('too late')], delayMs: 120_000 };
const mainOf = (harness: CliHarness, name: string) =>
  harness.server.requests.filter((request) => request.kind === 'main' && runOf(request) === name);
const answered = (request: RecordedRequest) => JSON.stringify(request.body.messages ?? []).includes('tool_result');

const RUNS: Run[] = [
  { name: 'query-model', entry: 'query', answer: () => held, reached: (h) => mainOf(h, 'query-model').length > 0 },
  { name: 'client-model', entry: 'client', answer: () => held, reached: (h) => mainOf(h, 'client-model').length > 0 },
  {
    name: 'startup-model',
    entry: 'startup',
    answer: () => held,
    reached: (h) => mainOf(h, 'startup-model').length > 0,
  },
  {
    name: 'prewarm-model',
    entry: 'prewarm',
    answer: () => held,
    reached: (h) => mainOf(h, 'prewarm-model').length > 0,
  },
  {
    // The user's own spawnClaudeCodeProcess: its child is guarded, its environment left as it is.
    name: 'custom-model',
    entry: 'custom',
    answer: () => held,
    reached: (h) => mainOf(h, 'custom-model').length > 0,
  },
  {
    name: 'query-bash',
    entry: 'query',
    answer: (request) =>
      answered(request)
        ? { content: [text('the command ended')] }
        : { content: [toolUse('Bash', { command: `echo start; sleep ${SLEEP_ARG}`, description: 'wait' })] },
    reached: () => runProcesses('query-bash').some((record) => record.command === `sleep ${SLEEP_ARG}`),
  },
  {
    name: 'query-tool',
    entry: 'query',
    answer: (request) =>
      answered(request) ? { content: [text('the tool ended')] } : { content: [toolUse('mcp__slow__wait', {})] },
    reached: (_h, _app, events) => events.has('tool:query-tool'),
  },
  {
    name: 'query-retry',
    entry: 'query',
    // A 500 the API says to retry: the CLI retries it ten times over minutes (a 529 only a few times).
    answer: () => apiError(500, 'api_error', 'Internal server error', { retryable: true }),
    // The second attempt has been answered: the CLI waits out its backoff (~1 s) before the third.
    reached: (h) => mainOf(h, 'query-retry').length >= 2,
  },
];

const BACKGROUND_ARG = `${4000 + (process.pid % 997)}.5`;
const isBackground = (record: ProcessRecord) => record.command === `sleep ${BACKGROUND_ARG}`;
/** The model starts a command in the background (`run_in_background`), then ends the turn or calls the in-process tool. */
const background = (then: ModelTurn) => (request: RecordedRequest) =>
  answered(request)
    ? then
    : {
        content: [toolUse('Bash', { command: `sleep ${BACKGROUND_ARG}`, run_in_background: true, description: 'bg' })],
      };

/** The runs of the programs that end on their own. */
const ENDINGS: Run[] = [
  {
    name: 'exit-background',
    entry: 'query',
    answer: background({ content: [text('started it')] }),
    reached: () => true,
  },
  {
    name: 'throw-tool',
    entry: 'query',
    answer: (request) =>
      JSON.stringify(request.body.messages ?? []).includes('mcp__slow__wait')
        ? { content: [text('the tool ended')] }
        : background({ content: [toolUse('mcp__slow__wait', {})] })(request),
    reached: (_h, _app, events) => events.has('tool:throw-tool'),
  },
];

/** The run a request belongs to: its prompt is `hexagent-run:<name>`. */
function runOf(request: RecordedRequest): string | undefined {
  return /hexagent-run:([a-z-]+)/.exec(JSON.stringify(request.body.messages?.[0] ?? ''))?.[1];
}

function runProcesses(name: string): ProcessRecord[] {
  return processesWithEnv(`${MARKER}=${name}.${ID}`);
}

let harness: CliHarness | undefined;
let app: AppProcess | undefined;
let report: KilledAppReport | undefined;
const scope = new TestScope();
afterEach(async () => {
  app?.kill('SIGKILL');
  // A failed test leaves nothing running either.
  if (report !== undefined) killRecords(report.left);
  for (const run of [...RUNS, ...ENDINGS]) killRecords(runProcesses(run.name));
  app = undefined;
  report = undefined;
  await scope.cleanup();
});

/**
 * Starts the program with `runs`, ending as `ending`, against a scripted model answering each run its
 * way. `events` collects the runs' `tool:` and `result:` events; `failed` rejects when a run reports an
 * error or the program ends on its own.
 */
async function startApp(
  runs: Run[],
  ending: 'wait' | 'exit' | 'throw',
): Promise<{ events: Set<string>; failed: Promise<never> }> {
  harness = await scope.startCliHarness((request) => {
    const run = runs.find((candidate) => candidate.name === runOf(request));
    return run === undefined ? { content: [text('unknown run')] } : run.answer(request);
  });
  const cwd = scope.tempDir('hexagent-killed-app-');
  const config = {
    env: { ...harness.env, HEXAGENT_TEST_APP: ID },
    marker: MARKER,
    markerSuffix: `.${ID}`,
    cwd,
    ending,
    runs: runs.map(({ name, entry }) => ({ name, entry, prompt: `hexagent-run:${name}` })),
  };
  const guardianSetting = process.env['HEXAGENT_PROCESS_GUARDIAN'];
  const started = startAppProcess(APP, {
    PATH: process.env['PATH'] ?? '',
    HEXAGENT_APP_CONFIG: JSON.stringify(config),
    ...(guardianSetting !== undefined && { HEXAGENT_PROCESS_GUARDIAN: guardianSetting }),
  });
  app = started;
  const events = new Set<string>();
  const errors = runs.map((run) =>
    started.event(`error:${run.name}`).then((event) => {
      throw new Error(`run ${run.name} failed: ${String(event['message'])}\n${started.stderr()}`);
    }),
  );
  const ended = started.exited.then((exit) => {
    throw new Error(`the program ended (${JSON.stringify(exit)}):\n${started.stderr()}`);
  });
  const failed = Promise.race([...errors, ended]);
  failed.catch(() => {});
  for (const run of runs) {
    for (const name of [`tool:${run.name}`, `result:${run.name}`]) {
      started.event(name).then(
        () => events.add(name),
        () => {},
      );
    }
  }
  await Promise.race([started.event('started'), failed]);
  return { events, failed };
}

describe('the program is SIGKILLed while its CLIs are busy', () => {
  it('every entry point, at every moment: nothing is left and the model gets no further request', async () => {
    const { events, failed } = await startApp(RUNS, 'wait');
    const current = harness as CliHarness;
    const running = app as AppProcess;
    await Promise.race([
      expect
        .poll(() => RUNS.filter((run) => !run.reached(current, running, events)).map((run) => run.name), {
          // A hang detector, not a bound: seven CLIs start one after another (under a load of 30 on 2 cores, 3 took 40 s).
          timeout: 240_000,
          interval: 50,
        })
        .toEqual([]),
      failed,
    ]);
    const before = new Map(RUNS.map((run) => [run.name, runProcesses(run.name).length]));
    const requestsBefore = new Map(RUNS.map((run) => [run.name, mainOf(current, run.name).length]));
    report = await killAppAndWatch(running, {
      marker: `HEXAGENT_TEST_APP=${ID}`,
      server: current.server,
      withinMs: GONE_WITHIN_MS,
    });
    const spawnEnv = await running.event('spawn-env:custom-model');
    expect(spawnEnv['names']).not.toContain('HEXAGENT_PROCESS_TREE');
    const rows = RUNS.map((run) => ({
      run: run.name,
      before: before.get(run.name),
      left: runProcesses(run.name).length,
      requestsAfterKill: mainOf(current, run.name).length - (requestsBefore.get(run.name) ?? 0),
    }));
    console.log(
      `[killed-app] gone after ${report.goneAfterMs} ms\n${rows.map((row) => JSON.stringify(row)).join('\n')}`,
    );
    expect(report.left.map((record) => record.command)).toEqual([]);
    for (const row of rows) {
      expect(row.before, row.run).toBeGreaterThan(0);
      expect({ run: row.run, left: row.left, requestsAfterKill: row.requestsAfterKill }).toEqual({
        run: row.run,
        left: 0,
        requestsAfterKill: 0,
      });
    }
  }, 300_000);
});

describe('the program ends on its own: nothing it started is left, the guardian included', () => {
  /**
   * Ends the program with `end`, then waits until none of its processes is left: its tree just before
   * (the guardian included) and everything carrying the marker. Returns what is left at the deadline
   * and the model requests of `run` made after the end.
   */
  async function endAndWatch(run: Run, end: () => void) {
    const current = app as AppProcess;
    const before = [
      ...processTree(current.pid).filter((record) => record.pid !== current.pid),
      ...runProcesses(run.name),
    ];
    const requestsBefore = mainOf(harness as CliHarness, run.name).length;
    end();
    const exited = await current.exited;
    const endedAt = Date.now();
    let left = stillRunning(before);
    while (left.length > 0 && Date.now() - endedAt < GONE_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = stillRunning([...before, ...runProcesses(run.name)]);
    }
    const requestsAfter = mainOf(harness as CliHarness, run.name).length - requestsBefore;
    console.log(
      `[killed-app] ${run.name} ${JSON.stringify(exited)}: ${before.length} processes before, left ${left.length}, ` +
        `gone after ${left.length === 0 ? Date.now() - endedAt : '-'} ms, requests after ${requestsAfter}`,
    );
    return { exited, before, left, requestsAfter };
  }

  it('process.exit() after a turn that left a command running in the background', async () => {
    const run = ENDINGS[0] as Run;
    const { events } = await startApp([run], 'exit');
    await expect.poll(() => events.has('result:exit-background'), { timeout: 100_000 }).toBe(true);
    expect(runProcesses(run.name).some(isBackground)).toBe(true);
    const { exited, before, left } = await endAndWatch(run, () => app?.kill('SIGUSR2'));
    expect(exited).toEqual({ code: 0, signal: null });
    expect(before.some((record) => record.command.includes('hexagent-guardian'))).toBe(true);
    expect(left.map((record) => record.command)).toEqual([]);
  });

  it('an uncaught exception while a tool handler runs, a command running in the background', async () => {
    const run = ENDINGS[1] as Run;
    const { events } = await startApp([run], 'throw');
    await expect.poll(() => events.has('tool:throw-tool'), { timeout: 100_000 }).toBe(true);
    expect(runProcesses(run.name).some(isBackground)).toBe(true);
    const { exited, before, left, requestsAfter } = await endAndWatch(run, () => app?.kill('SIGUSR2'));
    expect(exited.code).toBe(1);
    expect(before.some((record) => record.command.includes('hexagent-guardian'))).toBe(true);
    expect({ left: left.map((record) => record.command), requestsAfter }).toEqual({ left: [], requestsAfter: 0 });
  });
});
