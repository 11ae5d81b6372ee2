/**
 * One MCP server config used by several concurrent queries on the REAL CLI. A `createSdkMcpServer`
 * config is a definition: each session builds its own server from it, so all of them connect and
 * serve at once (the official SDK's "only the first query connects" bug cannot happen). A
 * user-supplied `McpServer` instance serves one connection at a time: a second session gets
 * `McpServerInUseError` from its message stream, saying to pass a factory, and nothing hangs or is
 * left running; with a factory, both sessions work.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSdkMcpServer, McpServerInUseError, type Options, query, type SDKMessage, tool } from '@hexagent/sdk';
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addThenAnswer,
  consume,
  expectNothingLeft,
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

const model = addThenAnswer(100);

function resultOf(messages: SDKMessage[]): string | undefined {
  return (messages.find((message) => message.type === 'result') as { result?: string } | undefined)?.result;
}

/**
 * A barrier for `parties` tool calls: each waits until all have arrived (or 20 s pass). Only when
 * every session has its own connected server can all the calls be in flight together.
 */
function barrier(parties: number): { arrive: () => Promise<void>; maxInFlight: () => number } {
  let arrived = 0;
  let inFlight = 0;
  let max = 0;
  const all = signalled();
  return {
    async arrive() {
      arrived += 1;
      inFlight += 1;
      max = Math.max(max, inFlight);
      if (arrived === parties) all.resolve();
      await Promise.race([all.promise, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      inFlight -= 1;
    },
    maxInFlight: () => max,
  };
}

/** `McpServer` from the copy of `@modelcontextprotocol/sdk` that the in-process adapter uses. */
async function loadMcpServer(): Promise<
  new (info: {
    name: string;
    version: string;
  }) => {
    registerTool(
      name: string,
      config: { description: string; inputSchema: Record<string, unknown> },
      handler: (args: { a: number; b: number }) => Promise<unknown>,
    ): unknown;
  }
> {
  const adapterPackage = fileURLToPath(new URL('../../../mcp-inprocess/package.json', import.meta.url));
  const path = createRequire(adapterPackage).resolve('@modelcontextprotocol/sdk/server/mcp.js');
  const module = (await import(pathToFileURL(path).href)) as { McpServer: Awaited<ReturnType<typeof loadMcpServer>> };
  return module.McpServer;
}

describe('one createSdkMcpServer config shared by 5 concurrent queries on the real CLI', () => {
  it('every session gets its own server: all 5 tool calls are in flight together and each query gets its own result', {
    timeout: 60_000,
  }, async () => {
    harness = await startRealCli(scope, model);
    const baseline = snapshot();
    const together = barrier(5);
    const callsBy: number[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          callsBy.push(a);
          await together.arrive();
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    const env = harness.env;
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        consume(
          query({ prompt: `query #${n}`, options: { env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] } }),
        ),
      ),
    );
    outcomes.forEach((outcome, i) => {
      expect(outcome.error).toBeUndefined();
      expect(resultOf(outcome.messages)).toBe(`sum=${i + 1 + 100}`);
    });
    expect(callsBy.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(together.maxInFlight()).toBe(5);
    await harness.dispose();
    harness = undefined;
    await expectNothingLeft(baseline);
  });
});

describe('a user-supplied McpServer instance', () => {
  it('already in use by another session: the second query throws McpServerInUseError (use a factory), at once; the first goes on', {
    timeout: 60_000,
  }, async () => {
    const McpServer = await loadMcpServer();
    harness = await startRealCli(scope, model);
    const baseline = snapshot();
    const firstCallStarted = signalled();
    const secondFailed = signalled();
    const server = new McpServer({ name: 'calc', version: '1.0.0' });
    server.registerTool(
      'add',
      { description: 'Add', inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => {
        firstCallStarted.resolve();
        // Stay connected (mid-call) until the second session has failed.
        await secondFailed.promise;
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    const options = (n: number): { prompt: string; options: Options } => ({
      prompt: `query #${n}`,
      options: {
        env: harness?.env ?? {},
        mcpServers: { calc: { type: 'sdk', name: 'calc', instance: server } },
        allowedTools: ['mcp__calc__add'],
      },
    });
    const first = consume(query(options(1)));
    await firstCallStarted.promise;

    const { container, transports } = recordingContainer();
    const since = Date.now();
    const second = await consume(query(options(2), container));
    const failedAfterMs = Date.now() - since;
    secondFailed.resolve();

    console.log(`[lifecycle] second session on a busy McpServer failed after ${failedAfterMs} ms`);
    expect(McpServerInUseError.isInstance(second.error), String(second.error)).toBe(true);
    const error = second.error as McpServerInUseError;
    expect(error.code).toBe('MCP_SERVER_IN_USE');
    expect(error.serverName).toBe('calc');
    expect(error.message).toContain('pass a factory');
    expect(error.message).toContain('instance: () =>');
    expect(failedAfterMs).toBeLessThan(5_000);
    expect(second.messages).toEqual([]);
    // The second session's CLI was started in parallel with the MCP servers; it is stopped again.
    for (const transport of transports) {
      if (transport.pid !== undefined) await waitUntilGone(transport.pid, 3_000);
    }

    const firstOutcome = await first;
    expect(firstOutcome.error).toBeUndefined();
    expect(resultOf(firstOutcome.messages)).toBe('sum=101');
    await harness.dispose();
    harness = undefined;
    await expectNothingLeft(baseline);
  });

  it('given as a factory: two concurrent queries each get a fresh server and both work', {
    timeout: 60_000,
  }, async () => {
    const McpServer = await loadMcpServer();
    harness = await startRealCli(scope, model);
    const together = barrier(2);
    let made = 0;
    const makeServer = () => {
      made += 1;
      const server = new McpServer({ name: 'calc', version: '1.0.0' });
      server.registerTool(
        'add',
        { description: 'Add', inputSchema: { a: z.number(), b: z.number() } },
        async ({ a, b }) => {
          await together.arrive();
          return { content: [{ type: 'text', text: String(a + b) }] };
        },
      );
      return server;
    };
    const env = harness.env;
    const outcomes = await Promise.all(
      [1, 2].map((n) =>
        consume(
          query({
            prompt: `query #${n}`,
            options: {
              env,
              mcpServers: { calc: { type: 'sdk', name: 'calc', instance: makeServer } },
              allowedTools: ['mcp__calc__add'],
            },
          }),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.error)).toEqual([undefined, undefined]);
    expect(outcomes.map((outcome) => resultOf(outcome.messages))).toEqual(['sum=101', 'sum=102']);
    expect(made).toBe(2);
    expect(together.maxInFlight()).toBe(2);
  });
});
