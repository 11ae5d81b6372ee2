/**
 * Every way a user ends a query (`options.abortController`, `close()`, `break` out of `for await`,
 * `await using`) ends the REAL CLI within a bounded time while the CLI waits on one of our handlers
 * (a tool, a hook, a permission callback): the handler's signal aborts, a control request in flight
 * rejects, and the process is left with no child process, file descriptor, pipe or process-wide
 * listener more than before.
 */
import { AbortError, ClaudeClient, createSdkMcpServer, type Options, type Query, query, tool } from '@hexagent/sdk';
import { TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  aborted,
  type Consumed,
  consume,
  expectNothingLeft,
  mainRequests,
  type RealCliHarness,
  recordingContainer,
  signalled,
  snapshot,
  startRealCli,
  waitUntilGone,
} from './lifecycle-helpers.js';

let harness: RealCliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

type Teardown = 'abortController' | 'close()' | 'break' | 'await using';
type Busy = 'tool handler' | 'PreToolUse hook' | 'canUseTool callback';

const TEARDOWNS: Teardown[] = ['abortController', 'close()', 'break', 'await using'];

/** Everything a scenario needs: options whose handler blocks until its signal aborts. */
function blockingOptions(busy: Busy): {
  options: Options;
  started: Promise<void>;
  handlerSignal: () => AbortSignal | undefined;
} {
  const started = signalled();
  let signal: AbortSignal | undefined;
  const block = async (handlerSignal: AbortSignal): Promise<void> => {
    signal = handlerSignal;
    started.resolve();
    await aborted(handlerSignal);
  };
  const calc = createSdkMcpServer({
    name: 'calc',
    tools: [
      tool('add', 'Add', {}, async (_args, extra) => {
        if (busy === 'tool handler') await block(extra.signal);
        return { content: [{ type: 'text', text: '42' }] };
      }),
    ],
  });
  const options: Options = { mcpServers: { calc } };
  if (busy === 'canUseTool callback') {
    options.canUseTool = async (_name, input, { signal: permissionSignal }) => {
      await block(permissionSignal);
      return { behavior: 'allow', updatedInput: input };
    };
  } else {
    options.allowedTools = ['mcp__calc__add'];
  }
  if (busy === 'PreToolUse hook') {
    options.hooks = {
      PreToolUse: [
        {
          matcher: 'mcp__calc__add',
          hooks: [
            async (_input, _id, { signal: hookSignal }) => {
              await block(hookSignal);
              return {};
            },
          ],
        },
      ],
    };
  }
  return { options, started: started.promise, handlerSignal: () => signal };
}

interface Outcome {
  consumed: Consumed;
  /** When the teardown began (ms since epoch). */
  teardownAt: number;
  /** How long the teardown call itself took to return (abort() returns at once). */
  teardownMs: number;
  setModel: PromiseSettledResult<void> | undefined;
}

/**
 * Runs one query on the real CLI until the handler blocks, optionally leaves a `setModel` in flight
 * (the CLI validates an unknown model with an API call the scripted model never answers in time),
 * then ends the query the `teardown` way.
 */
async function runAndTearDown(
  teardown: Teardown,
  options: Options,
  started: Promise<void>,
  withPendingSetModel: boolean,
  container: ReturnType<typeof recordingContainer>['container'],
): Promise<Outcome> {
  const abortController = new AbortController();
  const queryOptions: Options = { ...options, env: harness?.env ?? {}, abortController };
  let pendingSetModel: Promise<PromiseSettledResult<void>> | undefined;
  const leaveSetModelPending = async (run: Query): Promise<void> => {
    if (!withPendingSetModel) return;
    const settled = run.setModel('claude-hexagent-unknown-model').then(
      (value): PromiseSettledResult<void> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<void> => ({ status: 'rejected', reason }),
    );
    pendingSetModel = settled;
    // The validation request reaches the model server: the CLI is working on our request.
    const server = harness?.server;
    while (server !== undefined && !server.requests.some((request) => request.kind === 'side')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  if (teardown === 'break') {
    const run = query({ prompt: 'add', options: queryOptions }, container);
    const messages: Consumed['messages'] = [];
    let teardownAt = 0;
    let error: unknown;
    try {
      for await (const message of run) {
        messages.push(message);
        if (message.type === 'assistant' && JSON.stringify(message).includes('"tool_use"')) {
          await started;
          await leaveSetModelPending(run);
          teardownAt = Date.now();
          break;
        }
      }
    } catch (caught) {
      error = caught;
    }
    return {
      consumed: { messages, error },
      teardownAt,
      teardownMs: Date.now() - teardownAt,
      setModel: await pendingSetModel,
    };
  }

  if (teardown === 'await using') {
    let teardownAt = 0;
    let reading: Promise<Consumed> | undefined;
    {
      await using run = query({ prompt: 'add', options: queryOptions }, container);
      reading = consume(run);
      await started;
      await leaveSetModelPending(run);
      teardownAt = Date.now();
    }
    const teardownMs = Date.now() - teardownAt;
    return { consumed: await reading, teardownAt, teardownMs, setModel: await pendingSetModel };
  }

  const run = query({ prompt: 'add', options: queryOptions }, container);
  const reading = consume(run);
  await started;
  await leaveSetModelPending(run);
  const teardownAt = Date.now();
  if (teardown === 'abortController') abortController.abort(new Error('user pressed stop'));
  else await run.close();
  const teardownMs = Date.now() - teardownAt;
  return { consumed: await reading, teardownAt, teardownMs, setModel: await pendingSetModel };
}

describe.each(['tool handler', 'PreToolUse hook', 'canUseTool callback'] as Busy[])(
  'ending a query while the real CLI waits on a %s',
  (busy) => {
    // With a setModel in flight the CLI waits for its model check before it exits, so close() gets
    // its 2 s grace period and then SIGTERM; without one the CLI is gone in a fraction of a second.
    const withPendingSetModel = busy === 'tool handler';
    const bound = withPendingSetModel ? 5_000 : 1_500;

    it.each(TEARDOWNS)(
      `%s: the CLI is gone within ${bound} ms, the handler's signal aborts${
        withPendingSetModel ? ', setModel() in flight rejects' : ''
      }, nothing is left`,
      async (teardown) => {
        harness = await startRealCli(
          scope,
          [
            { content: [toolUse('mcp__calc__add', {}, 'toolu_block')] },
            { content: [text('after the tool')], delayMs: 20_000 },
          ],
          // The CLI validates an unknown model with a side request: keep it in flight.
          { sideTurn: () => ({ content: [text('OK')], delayMs: 60_000 }) },
        );
        const baseline = snapshot();
        const { options, started, handlerSignal } = blockingOptions(busy);
        const { container, transports } = recordingContainer();

        const outcome = await runAndTearDown(teardown, options, started, withPendingSetModel, container);

        const pid = transports[0]?.pid;
        expect(pid).toBeTypeOf('number');
        const goneAfterMs = await waitUntilGone(pid as number, bound, outcome.teardownAt);
        console.log(
          `[lifecycle] ${busy} / ${teardown}: teardown returned in ${outcome.teardownMs} ms, ` +
            `CLI pid ${pid} gone ${goneAfterMs} ms after the teardown began`,
        );
        expect(goneAfterMs).toBeLessThan(bound);

        // The handler the CLI was waiting on was told to stop.
        expect(handlerSignal()?.aborted).toBe(true);

        // What the user sees: abort throws AbortError; the other three end quietly.
        if (teardown === 'abortController') {
          expect(AbortError.isInstance(outcome.consumed.error)).toBe(true);
        } else {
          expect(outcome.consumed.error).toBeUndefined();
        }
        // The turn never completed: at most the CLI's report of the interrupted turn came through.
        const results = outcome.consumed.messages.filter((message) => message.type === 'result');
        console.log(`[lifecycle]   results seen: ${JSON.stringify(results.map((r) => [r.subtype, r.is_error]))}`);
        for (const result of results) expect(result.subtype).not.toBe('success');

        if (withPendingSetModel) {
          expect(outcome.setModel?.status).toBe('rejected');
          const reason = (outcome.setModel as PromiseRejectedResult).reason;
          expect(AbortError.isInstance(reason), String(reason)).toBe(true);
        }

        // The CLI did not go on with the turn after we ended it: no second model call.
        expect(mainRequests(harness.server)).toHaveLength(1);

        await harness.dispose();
        harness = undefined;
        await expectNothingLeft(baseline);
      },
    );
  },
);

/**
 * close() gives the CLI `closeTimeoutMs` after EOF before it sends SIGTERM. With that window at 10 s,
 * a close() well inside it shows the CLI stopped on its own, waiting neither for the model nor for
 * our signals. It takes ~0.1 s on a quiet machine; a fixed 1 s bound failed at a load of 11 (1.4 s).
 */
const ESCALATION_MS = 10_000;
const AT_ONCE_MS = ESCALATION_MS / 2;

describe('how fast ending a query is', () => {
  it('close() mid-tool-call while the model would take 20 s more: the CLI stops on its own, at once', async () => {
    harness = await startRealCli(scope, [
      { content: [toolUse('mcp__calc__add', {}, 'toolu_block')] },
      { content: [text('slow answer')], delayMs: 20_000 },
    ]);
    const { options, started } = blockingOptions('tool handler');
    const { container, transports } = recordingContainer({ closeTimeoutMs: ESCALATION_MS });
    const run = query({ prompt: 'add', options: { ...options, env: harness.env } }, container);
    const reading = consume(run);
    await started;
    const since = Date.now();
    await run.close();
    const closeMs = Date.now() - since;
    const goneMs = await waitUntilGone(transports[0]?.pid as number, AT_ONCE_MS, since);
    console.log(`[lifecycle] close() mid-tool-call returned in ${closeMs} ms; CLI gone after ${goneMs} ms`);
    expect(closeMs).toBeLessThan(AT_ONCE_MS);
    expect((await reading).error).toBeUndefined();
    // The interrupt stopped the turn: the CLI never went back to the model with the cut-off tool call.
    expect(mainRequests(harness.server)).toHaveLength(1);
  });

  it('close() of an idle session (every turn answered) returns at once: the CLI exits on EOF', async () => {
    harness = await startRealCli(scope, [{ content: [text('hello')] }]);
    const { container, transports } = recordingContainer({ closeTimeoutMs: ESCALATION_MS });
    async function* oneTurnThenWait(): AsyncGenerator<{ type: 'user'; message: { role: 'user'; content: string } }> {
      yield { type: 'user', message: { role: 'user', content: 'hi' } };
      await new Promise(() => {});
    }
    const run = query({ prompt: oneTurnThenWait(), options: { env: harness.env } }, container);
    for await (const message of run) if (message.type === 'result') break;
    // break already closed it; measure an explicit close() of a fresh idle session too.
    const run2 = query({ prompt: oneTurnThenWait(), options: { env: harness.env } }, container);
    const iterator = run2[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next();
      if (next.done || next.value.type === 'result') break;
    }
    const since = Date.now();
    await run2.close();
    const closeMs = Date.now() - since;
    for (const transport of transports) await waitUntilGone(transport.pid as number, AT_ONCE_MS);
    console.log(`[lifecycle] close() of an idle session returned in ${closeMs} ms`);
    expect(closeMs).toBeLessThan(AT_ONCE_MS);
  });
});

describe('ClaudeClient', () => {
  it.each(['close()', 'await using'] as const)(
    "%s while a tool handler runs: the CLI is gone in under 1.5 s, the handler's signal aborts, nothing is left",
    async (teardown) => {
      harness = await startRealCli(scope, [
        { content: [toolUse('mcp__calc__add', {}, 'toolu_block')] },
        { content: [text('after the tool')], delayMs: 20_000 },
      ]);
      const baseline = snapshot();
      const { options, started, handlerSignal } = blockingOptions('tool handler');
      const { container, transports } = recordingContainer();
      let since = 0;
      if (teardown === 'close()') {
        const client = new ClaudeClient({ ...options, env: harness.env }, container);
        await client.connect('add');
        await started;
        since = Date.now();
        await client.close();
      } else {
        {
          await using client = new ClaudeClient({ ...options, env: harness.env }, container);
          await client.connect('add');
          await started;
          since = Date.now();
        }
      }
      const goneMs = await waitUntilGone(transports[0]?.pid as number, 1_500, since);
      console.log(`[lifecycle] ClaudeClient ${teardown} mid-tool-call: CLI gone after ${goneMs} ms`);
      expect(handlerSignal()?.aborted).toBe(true);
      expect(mainRequests(harness.server)).toHaveLength(1);
      await harness.dispose();
      harness = undefined;
      await expectNothingLeft(baseline);
    },
  );
});
