/**
 * Helpers of the lifecycle reliability tests: the real CLI against a scripted model on 127.0.0.1,
 * a container that records the `CliTransport`s it makes (for their pids), and measurements of what
 * a process holds (child processes, file descriptors, process-wide listeners, libuv handles, heap),
 * so a test can assert that a query leaves nothing behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createContainer, type DependencyContainer, type SDKMessage, TRANSPORT_FACTORY } from '@hexagent/sdk';
import type { TransportLaunch } from '@hexagent/sdk/adapters';
import {
  hermeticCliEnv,
  isRunning,
  type ModelScript,
  type ModelScriptFunction,
  type RecordedRequest,
  ScriptedModelServer,
  type ScriptedModelServerOptions,
  type TestScope,
  text,
  toolUse,
} from '@hexagent/testing';
import { CliTransport, type CliTransportSettings } from '@hexagent/transport-cli';
import { processGuardian } from '@hexagent/transport-kit';

/** A scripted model server on 127.0.0.1 and a hermetic env that points the real CLI at it. */
export interface RealCliHarness {
  server: ScriptedModelServer;
  env: Record<string, string | undefined>;
  dispose(): Promise<void>;
}

/** Start a scripted model and the env of a real CLI run against it (loopback only), disposed at `scope`'s cleanup. */
export async function startRealCli(
  scope: TestScope,
  script: ModelScript,
  serverOptions: ScriptedModelServerOptions = {},
  extraEnv: Record<string, string> = {},
): Promise<RealCliHarness> {
  const server = await ScriptedModelServer.start(script, serverOptions);
  const hermetic = await hermeticCliEnv({ baseUrl: server.url, extra: extraEnv });
  const harness: RealCliHarness = {
    server,
    env: hermetic.env,
    async dispose() {
      await server.close();
      await hermetic.cleanup();
    },
  };
  scope.defer(() => harness.dispose());
  return harness;
}

/** The main-conversation requests the scripted model has received so far. */
export function mainRequests(server: ScriptedModelServer): RecordedRequest[] {
  return server.requests.filter((request) => request.kind === 'main');
}

/** A container whose transport factory makes real `CliTransport`s and keeps them (for `pid`). */
export function recordingContainer(settings: CliTransportSettings = {}): {
  container: DependencyContainer;
  transports: CliTransport[];
} {
  const transports: CliTransport[] = [];
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (launch: TransportLaunch) => {
      const transport = new CliTransport(launch, settings);
      transports.push(transport);
      return transport;
    },
  });
  return { container, transports };
}

/** What reading a query to its end gave: the messages and the error it threw, if any. */
export interface Consumed {
  messages: SDKMessage[];
  error: unknown;
}

/** Read `iterable` to its end in the background. */
export async function consume(iterable: AsyncIterable<SDKMessage>): Promise<Consumed> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of iterable) messages.push(message);
    return { messages, error: undefined };
  } catch (error) {
    return { messages, error };
  }
}

/** A promise with its resolve exposed. */
export function signalled<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** Resolves when `signal` aborts (at once if it has). */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---- processes ------------------------------------------------------------------------------

/**
 * True while process `pid` runs; a zombie counts as gone (a CLI orphaned by a test's child program is
 * reaped by the container's init on its own schedule): the testing kit's `isRunning`.
 */
export { isRunning };

/** Waits until `pid` no longer runs; resolves with the time it took, rejects after `timeoutMs`. */
export async function waitUntilGone(pid: number, timeoutMs: number, since = Date.now()): Promise<number> {
  while (isRunning(pid)) {
    if (Date.now() - since > timeoutMs) throw new Error(`process ${pid} still runs after ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - since;
}

/** Every live descendant of `root` (children, their children, ...), from /proc. */
export function descendantPids(root: number = process.pid): number[] {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      } catch {
        // The task ended meanwhile.
      }
      for (const child of children.split(' ').filter((entry) => entry.trim() !== '')) {
        const childPid = Number(child);
        if (isRunning(childPid)) found.push(childPid);
        queue.push(childPid);
      }
    }
  }
  return found;
}

// ---- what a process holds -------------------------------------------------------------------

/** The process-wide events a library might subscribe to once per query (the MaxListeners trap). */
export const PROCESS_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'uncaughtException'] as const;

/** `process.listenerCount` of each of {@link PROCESS_EVENTS}. */
export function processListenerCounts(): Record<(typeof PROCESS_EVENTS)[number], number> {
  return Object.fromEntries(PROCESS_EVENTS.map((event) => [event, process.listenerCount(event)])) as Record<
    (typeof PROCESS_EVENTS)[number],
    number
  >;
}

/** Open file descriptors of this process. */
export function openFdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Live libuv handles that a subprocess or its pipes hold (`process.getActiveResourcesInfo()`). */
export function processHandleCounts(): { ProcessWrap: number; PipeWrap: number } {
  const counts = { ProcessWrap: 0, PipeWrap: 0 };
  for (const resource of process.getActiveResourcesInfo()) {
    if (resource === 'ProcessWrap' || resource === 'PipeWrap') counts[resource] += 1;
  }
  return counts;
}

/** What a process holds at one moment. */
export interface ResourceSnapshot {
  listeners: ReturnType<typeof processListenerCounts>;
  descendants: number[];
  fds: number;
  handles: ReturnType<typeof processHandleCounts>;
}

export function snapshot(): ResourceSnapshot {
  // The process guardian is this process's, like signal-exit's listeners: one for all queries, from
  // the first CLI on. Started here, it is part of every baseline (one process, one pipe).
  processGuardian().start();
  return {
    listeners: processListenerCounts(),
    descendants: descendantPids(),
    fds: openFdCount(),
    handles: processHandleCounts(),
  };
}

/**
 * Waits (up to `timeoutMs`: pipes close on the next turns of the event loop) until this process
 * holds no more than it did at `baseline`: the same listener counts, no descendant that was not
 * there, no extra file descriptor, subprocess or pipe handle. Resolves with the last snapshot;
 * rejects with a description of what is left.
 */
export async function expectNothingLeft(baseline: ResourceSnapshot, timeoutMs = 15_000): Promise<ResourceSnapshot> {
  const since = Date.now();
  for (;;) {
    const now = snapshot();
    const problems = leftovers(baseline, now);
    if (problems.length === 0) return now;
    if (Date.now() - since > timeoutMs) throw new Error(`left behind after ${timeoutMs} ms: ${problems.join('; ')}`);
    await sleep(20);
  }
}

function leftovers(baseline: ResourceSnapshot, now: ResourceSnapshot): string[] {
  const problems: string[] = [];
  for (const event of PROCESS_EVENTS) {
    if (now.listeners[event] !== baseline.listeners[event]) {
      problems.push(`process '${event}' listeners ${baseline.listeners[event]} -> ${now.listeners[event]}`);
    }
  }
  const extra = now.descendants.filter((pid) => !baseline.descendants.includes(pid));
  if (extra.length > 0) problems.push(`processes still running: ${extra.join(', ')}`);
  if (now.fds > baseline.fds) problems.push(`open fds ${baseline.fds} -> ${now.fds}`);
  if (now.handles.ProcessWrap > baseline.handles.ProcessWrap) {
    problems.push(`subprocess handles ${baseline.handles.ProcessWrap} -> ${now.handles.ProcessWrap}`);
  }
  if (now.handles.PipeWrap > baseline.handles.PipeWrap) {
    problems.push(`pipe handles ${baseline.handles.PipeWrap} -> ${now.handles.PipeWrap}`);
  }
  return problems;
}

// ---- heap -----------------------------------------------------------------------------------

/** `global.gc`, which the package's vitest config exposes (`execArgv: ['--expose-gc']`). */
export function requireGc(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    throw new Error('global.gc is missing: run these tests with node --expose-gc (packages/sdk/vitest.config.ts)');
  }
  return gc;
}

/** Heap in use after full garbage collections, in bytes. */
export async function settledHeapUsed(): Promise<number> {
  const gc = requireGc();
  // Let finished promises and closed handles release what they hold before collecting.
  for (let round = 0; round < 3; round++) {
    await sleep(10);
    gc();
  }
  return process.memoryUsage().heapUsed;
}

export const MiB = 1024 * 1024;

/**
 * A scripted model for many concurrent conversations: for a prompt containing "query #n" it calls
 * `mcp__calc__add` with `{ a: n, b }`, then answers `sum=<the tool's text>`. A function of the
 * request, so concurrent conversations do not mix.
 */
export function addThenAnswer(b: number): ModelScriptFunction {
  return (request) => {
    const messages = request.body.messages ?? [];
    const last = messages.at(-1);
    const blocks = Array.isArray(last?.content) ? (last.content as unknown as Array<Record<string, unknown>>) : [];
    const toolResult = blocks.find((block) => block.type === 'tool_result');
    if (toolResult !== undefined) {
      const content = toolResult.content;
      const value = Array.isArray(content)
        ? content.map((part) => (part as { text?: string }).text ?? '').join('')
        : String(content);
      return { content: [text(`sum=${value}`)] };
    }
    const n = Number(JSON.stringify(messages).match(/query #(\d+)/)?.[1] ?? Number.NaN);
    return { content: [toolUse('mcp__calc__add', { a: n, b })] };
  };
}
