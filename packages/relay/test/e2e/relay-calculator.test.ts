/**
 * End to end: the relay in a child process (the `hexagent-relay` bin) with its own HOME and
 * CLAUDE_CONFIG_DIR, running the real Claude Code CLI against the scripted model; this process runs
 * the calculator example's in-process tools, a hook and the session through `webSocketTransport`,
 * swapped in by a container registration, by the `transport` option of `query()`, and by that of a
 * `ClaudeClient` for two turns.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { calculatorToolNames, calculatorTools } from '@hexagent/example-calculator/dist/calculator.js';
import { scriptedCalculatorModel } from '@hexagent/example-calculator/dist/scripted-calculator-model.js';
import {
  ClaudeClient,
  createContainer,
  createSdkMcpServer,
  type Options,
  query,
  type SDKMessage,
  TRANSPORT_FACTORY,
} from '@hexagent/sdk';
import type { TransportLaunch } from '@hexagent/sdk/adapters';
import {
  type HermeticCliEnv,
  hermeticCliEnv,
  type RecordedRequest,
  ScriptedModelServer,
  text,
  toolUse,
} from '@hexagent/testing';
import { type LinkProxy, startLinkProxy } from '@hexagent/testing/conformance';
import { findClaudeCli } from '@hexagent/transport-cli';
import { RelayConnectionLostError, type WebSocketTransport, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, removeTempDirs, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const prompt = 'What is 15 + 27, and 6 × 7? Then try 1 ÷ 0. Use the calculator tools.';
const turnTwo = 'Turn two: double the sum with the calculator.';

/** The model's second turn of the client test: multiply 42 by 2, then report the tool's answer. */
function doubleTheSum(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  const last = messages[messages.length - 1] as { content?: unknown } | undefined;
  const blocks = Array.isArray(last?.content) ? (last.content as Array<Record<string, unknown>>) : [];
  const answer = blocks.find((block) => block.type === 'tool_result' && block.tool_use_id === 'toolu_double');
  if (answer === undefined) return { content: [toolUse('mcp__calc__multiply', { a: 42, b: 2 }, 'toolu_double')] };
  const content = answer.content;
  const value = Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : '';
  return { content: [text(`Doubled: ${/^\d+/.exec(value)?.[0] ?? 'none'}`)] };
}

let server: ScriptedModelServer;
let hermetic: HermeticCliEnv;
let relay: ChildProcess;
let relayUrl: string;
let proxy: LinkProxy;

beforeAll(async () => {
  server = await ScriptedModelServer.start((request) => {
    const conversation = JSON.stringify(request.body.messages ?? []);
    if (conversation.includes('hang up')) return { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_hang')] };
    if (conversation.includes(turnTwo)) return doubleTheSum(request);
    return scriptedCalculatorModel(request);
  });
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
  // The CLI gets the hermetic environment: the relay passes only the variables it is told to.
  const inheritEnv = Object.keys(hermetic.env).filter((name) => hermetic.env[name] !== undefined);
  ({ relay, url: relayUrl } = await startRelayProcess(
    { cliPath: findClaudeCli({}), killTimeoutMs: 2000, inheritEnv },
    hermetic.env,
  ));
  proxy = await startLinkProxy(Number(new URL(relayUrl).port));
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  if (relay !== undefined) await stopRelayProcess(relay);
  await server?.close();
  await hermetic?.cleanup();
  removeTempDirs();
});

/** Processes, other than the relay, running with the relay's CLAUDE_CONFIG_DIR: its CLIs and their children. */
function clisOnRelay(): number[] {
  const marker = `CLAUDE_CONFIG_DIR=${hermetic.configDir}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== relay.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker) && isAlive(Number(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A container whose transport goes to `url`, and the transports it made. */
function remoteContainer(url: string) {
  const made: WebSocketTransport[] = [];
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (launch: TransportLaunch) => {
      const transport = webSocketTransport({ url, token: TOKEN })(launch);
      made.push(transport);
      return transport;
    },
  });
  return { container, made };
}

/** A container that must not be used: the `transport` option wins over it (and nothing runs locally if it did not). */
function containerThatMustNotBeUsed() {
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: () => {
      throw new Error('the container was used instead of options.transport');
    },
  });
  return container;
}

/** The calculator's tools, recording what each handler got. */
function recordedCalculator(calls: Array<{ tool: string; args: unknown }>, onCall?: () => Promise<void>) {
  const tools = calculatorTools.map((tool) => ({
    ...tool,
    handler: async (args: never, extra: never) => {
      calls.push({ tool: tool.name, args });
      await onCall?.();
      return (tool.handler as (a: never, e: never) => ReturnType<typeof tool.handler>)(args, extra);
    },
  }));
  return createSdkMcpServer({ name: 'calc', version: '1.0.0', tools });
}

describe('the real CLI behind a relay in another process', () => {
  it("runs the calculator's in-process tools and hooks through the relay", async () => {
    const { container, made } = remoteContainer(relayUrl);
    const calls: Array<{ tool: string; args: unknown }> = [];
    const hooked: string[] = [];
    const messages: SDKMessage[] = [];
    const options: Options = {
      mcpServers: { calc: recordedCalculator(calls) },
      allowedTools: calculatorToolNames,
      maxTurns: 6,
      systemPrompt: 'You are a careful assistant. Use the calculator tools for arithmetic.',
      hooks: {
        PreToolUse: [
          {
            hooks: [
              async (input) => {
                hooked.push(String((input as { tool_name?: unknown }).tool_name));
                return {};
              },
            ],
          },
        ],
      },
    };
    for await (const message of query({ prompt, options }, container)) messages.push(message);

    // What the handlers got, in this process.
    expect(calls).toEqual(
      expect.arrayContaining([
        { tool: 'add', args: { a: 15, b: 27 } },
        { tool: 'multiply', args: { a: 6, b: 7 } },
        { tool: 'divide', args: { a: 1, b: 0 } },
      ]),
    );
    expect(calls).toHaveLength(3);
    expect(hooked.sort()).toEqual(['mcp__calc__add', 'mcp__calc__divide', 'mcp__calc__multiply']);
    // What the model received, through the CLI on the relay's side.
    const results = server
      .toolResults()
      .map((result) => ({ id: result.tool_use_id, content: result.content, isError: result.is_error }));
    expect(results).toEqual(
      expect.arrayContaining([
        { id: 'toolu_add', content: [{ type: 'text', text: '42' }], isError: false },
        { id: 'toolu_mul', content: [{ type: 'text', text: '42' }], isError: false },
        { id: 'toolu_div', content: 'Division by zero', isError: true },
      ]),
    );
    // What the user saw.
    const result = messages.find((message) => message.type === 'result') as { subtype?: string; result?: string };
    expect(result.subtype).toBe('success');
    expect(result.result).toMatch(
      /15 \+ 27 = 42 and 6 × 7 = 42\. 1 ÷ 0 has no answer: the calculator said "Division by zero"/,
    );
    // The CLI ran on the relay's side, and is gone.
    expect(made).toHaveLength(1);
    expect(made[0]?.remotePid).toBeGreaterThan(0);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('query() with transport: webSocketTransport(...) runs the tools here and the CLI on the relay', async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    // While a tool runs here, the CLI that asked for it runs on the relay's side.
    const remoteClisDuringTools: number[] = [];
    const options: Options = {
      transport: webSocketTransport({ url: relayUrl, token: TOKEN }),
      mcpServers: {
        calc: recordedCalculator(calls, async () => void remoteClisDuringTools.push(clisOnRelay().length)),
      },
      allowedTools: calculatorToolNames,
      maxTurns: 6,
    };
    const messages: SDKMessage[] = [];
    for await (const message of query({ prompt, options }, containerThatMustNotBeUsed())) messages.push(message);
    expect(calls.map((call) => call.tool).sort()).toEqual(['add', 'divide', 'multiply']);
    expect(remoteClisDuringTools).toHaveLength(3);
    expect(remoteClisDuringTools.every((count) => count > 0)).toBe(true);
    const result = messages.find((message) => message.type === 'result') as { subtype?: string; result?: string };
    expect(result.subtype).toBe('success');
    expect(result.result).toMatch(/15 \+ 27 = 42 and 6 × 7 = 42\. 1 ÷ 0 has no answer/);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('ClaudeClient with the transport option: two turns with the in-process tools through one remote CLI', async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    const relayFactory = webSocketTransport({ url: relayUrl, token: TOKEN });
    const made: WebSocketTransport[] = [];
    // The pids of the CLIs running on the relay's side while each tool runs here.
    const remoteDuringTools: number[][] = [];
    const client = new ClaudeClient(
      {
        transport: (launch) => {
          const transport = relayFactory(launch);
          made.push(transport);
          return transport;
        },
        mcpServers: { calc: recordedCalculator(calls, async () => void remoteDuringTools.push(clisOnRelay())) },
        allowedTools: calculatorToolNames,
        maxTurns: 6,
      },
      containerThatMustNotBeUsed(),
    );
    const resultOf = async (): Promise<string | undefined> => {
      let text: string | undefined;
      for await (const message of client.receiveResponse()) {
        if (message.type === 'result') text = message.subtype === 'success' ? message.result : message.subtype;
      }
      return text;
    };
    try {
      await client.connect();
      await client.query(prompt);
      expect(await resultOf()).toMatch(/15 \+ 27 = 42 and 6 × 7 = 42\. 1 ÷ 0 has no answer/);
      expect(calls.map((call) => call.tool).sort()).toEqual(['add', 'divide', 'multiply']);

      await client.query(turnTwo);
      expect(await resultOf()).toBe('Doubled: 84');
      expect(calls[3]).toEqual({ tool: 'multiply', args: { a: 42, b: 2 } });
      expect(
        server.toolResults().map((result) => ({ id: result.tool_use_id, content: result.content })),
      ).toContainEqual({ id: 'toolu_double', content: [{ type: 'text', text: '84' }] });
    } finally {
      await client.close();
    }
    // Both turns ran in the one CLI the client started on the relay's side; it is gone after close().
    expect(made).toHaveLength(1);
    const pid = made[0]?.remotePid ?? -1;
    expect(pid).toBeGreaterThan(0);
    expect(remoteDuringTools).toHaveLength(4);
    expect(remoteDuringTools.every((pids) => pids.includes(pid))).toBe(true);
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('asks canUseTool in this process for a tool not allowed up front, and honours its answer', async () => {
    const { container } = remoteContainer(relayUrl);
    const calls: Array<{ tool: string; args: unknown }> = [];
    const asked: Array<{ tool: string; input: unknown }> = [];
    const options: Options = {
      mcpServers: { calc: recordedCalculator(calls) },
      maxTurns: 6,
      canUseTool: async (tool, input) => {
        asked.push({ tool, input });
        return tool === 'mcp__calc__multiply'
          ? { behavior: 'deny', message: 'no multiplying today' }
          : { behavior: 'allow', updatedInput: input };
      },
    };
    const messages: SDKMessage[] = [];
    for await (const message of query({ prompt, options }, container)) messages.push(message);
    expect(asked.map((entry) => entry.tool).sort()).toEqual([
      'mcp__calc__add',
      'mcp__calc__divide',
      'mcp__calc__multiply',
    ]);
    expect(asked).toContainEqual({ tool: 'mcp__calc__add', input: { a: 15, b: 27 } });
    expect(calls.map((call) => call.tool).sort()).toEqual(['add', 'divide']);
    // The model got the denial as the multiplication's result (the CLI carries it to the model).
    const lastRequest = JSON.stringify(server.lastRequest()?.body.messages ?? []);
    expect(lastRequest).toContain('no multiplying today');
    expect(messages.find((message) => message.type === 'result')).toMatchObject({ subtype: 'success' });
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('a link killed mid-turn ends the query with RelayConnectionLostError, and no CLI is left', async () => {
    const { container, made } = remoteContainer(`ws://127.0.0.1:${proxy.port}`);
    const calls: Array<{ tool: string; args: unknown }> = [];
    // The tool call is mid-turn: the CLI waits for its answer while the link is cut.
    const options: Options = {
      mcpServers: { calc: recordedCalculator(calls, async () => proxy.cut()) },
      allowedTools: calculatorToolNames,
      maxTurns: 3,
    };
    const messages: SDKMessage[] = [];
    const error = await (async () => {
      for await (const message of query({ prompt: 'hang up on me', options }, container)) messages.push(message);
    })().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(calls).toEqual([{ tool: 'add', args: { a: 1, b: 2 } }]);
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST' });
    expect(messages.some((message) => message.type === 'result')).toBe(false);
    const pid = made[0]?.remotePid ?? -1;
    await expect.poll(() => isAlive(pid), { timeout: 10_000 }).toBe(false);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });
});
