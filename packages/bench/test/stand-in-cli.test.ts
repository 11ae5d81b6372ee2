import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { standInReportOf as reportOf, STAND_IN_CLI_PATH, STAND_IN_SCENARIO_ENV } from '@hexagent/testing/stand-in-cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFloor } from '../src/floor-client.js';
import { runHexagent, runOfficial } from '../src/sdk-clients.js';
import { SCENARIO_ENV, SERVER_NAME, STAND_IN_CLI, standInEnv } from '../src/workload.js';

beforeAll(() => {
  if (!existsSync(STAND_IN_CLI)) throw new Error(`${STAND_IN_CLI} is missing: build the bench first (pnpm build)`);
});

describe('the stand-in CLI of @hexagent/testing', () => {
  it('is the script the bench runs, handed its scenario in the variable the bench sets', () => {
    expect(realpathSync(STAND_IN_CLI)).toBe(realpathSync(STAND_IN_CLI_PATH));
    expect(SCENARIO_ENV).toBe(STAND_IN_SCENARIO_ENV);
  });
});

describe('the stand-in CLI, through hexagent', () => {
  it('streams N assistant messages, then a result carrying its report', async () => {
    const run = await runHexagent(standInEnv({ mode: 'stream', count: 50, concurrency: 1, warmup: 0 }), false);
    const report = reportOf(run.result);
    expect(report).toMatchObject({ mode: 'stream', count: 50, errors: 0, manifests: false });
    // system/init, 50 assistant, the closing assistant, result: the two session_state_changed the
    // stand-in writes carry sdk_host_only, so hexagent consumes them as the official SDK does.
    expect(run.messages).toBe(53);
    expect(run.result).toMatchObject({ type: 'result', subtype: 'success', is_error: false });
  });

  it('issues sequential tools/call requests over mcp_message and measures each round trip', async () => {
    const run = await runHexagent(standInEnv({ mode: 'tools', count: 20, concurrency: 1, warmup: 3 }), true);
    const report = reportOf(run.result);
    expect(report).toMatchObject({ mode: 'tools', count: 20, concurrency: 1, warmup: 3, errors: 0, manifests: true });
    expect(report.roundTripUs?.count).toBe(20);
    expect(report.roundTripUs?.median).toBeGreaterThan(0);
  });

  it('keeps K tool calls in flight', async () => {
    const run = await runHexagent(standInEnv({ mode: 'tools', count: 64, concurrency: 8, warmup: 8 }), true);
    const report = reportOf(run.result);
    expect(report).toMatchObject({ mode: 'tools', count: 64, concurrency: 8, errors: 0 });
    expect(report.wallMs).toBeGreaterThan(0);
  });
});

describe('the stand-in CLI, through the other clients', () => {
  it('serves the floor and the official SDK the same way', async () => {
    const env = standInEnv({ mode: 'tools', count: 10, concurrency: 2, warmup: 0 });
    for (const run of [await runFloor(env, true), await runOfficial(env, true)]) {
      expect(reportOf(run.result)).toMatchObject({ mode: 'tools', count: 10, errors: 0, manifests: true });
    }
  });

  it('runs the MCP handshake of capture 09 for a server named without a manifest', async () => {
    const { messages, methods } = await converse(standInEnv({ mode: 'tools', count: 1, concurrency: 1, warmup: 0 }));
    expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']);
    expect(reportOf(messages.find((message) => message.type === 'result'))).toMatchObject({
      errors: 0,
      manifests: false,
    });
  });

  // JSON.parse interns string values of up to 10 characters into V8's old generation; ids like
  // `msg_123` would add old-generation growth to every message that the real CLI's never causes.
  it('gives messages and tool calls ids shaped like the Messages API, unique within the run', async () => {
    const apiShaped = (prefix: string) => new RegExp(`^${prefix}_01[0-9a-z]{22}$`);
    const streamed = await converse(standInEnv({ mode: 'stream', count: 500, concurrency: 1, warmup: 0 }));
    const messageIds = streamed.messages
      .filter((message) => message.type === 'assistant')
      .map((message) => (message.message as { id: string }).id);
    expect(messageIds).toHaveLength(501);
    for (const id of messageIds) expect(id).toMatch(apiShaped('msg'));
    expect(new Set(messageIds).size).toBe(messageIds.length);

    const called = await converse(standInEnv({ mode: 'tools', count: 20, concurrency: 4, warmup: 0 }));
    expect(called.toolUseIds).toHaveLength(20);
    for (const id of called.toolUseIds) expect(id).toMatch(apiShaped('toolu'));
    expect(new Set(called.toolUseIds).size).toBe(20);
  });
});

/**
 * Runs one turn against the stand-in by hand: `initialize` naming the bench server without a
 * manifest (so the stand-in runs the MCP handshake), one user message, every MCP request answered,
 * the input closed after the `result`.
 */
async function converse(env: Record<string, string>): Promise<{
  messages: Record<string, unknown>[];
  methods: string[];
  toolUseIds: string[];
}> {
  const child = spawn(process.execPath, [STAND_IN_CLI, '--output-format', 'stream-json', '--verbose'], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const messages: Record<string, unknown>[] = [];
  const methods: string[] = [];
  const toolUseIds: string[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      if (message.type === 'result') child.stdin.end();
      if (message.type !== 'control_request') {
        messages.push(message);
        continue;
      }
      const rpc = (message.request as { message: { method: string; id?: number; params?: Record<string, unknown> } })
        .message;
      methods.push(rpc.method);
      const meta = rpc.params?._meta as Record<string, unknown> | undefined;
      if (typeof meta?.['claudecode/toolUseId'] === 'string') toolUseIds.push(meta['claudecode/toolUseId']);
      const arguments_ = rpc.params?.arguments as { a: number; b: number } | undefined;
      const answer =
        rpc.method === 'tools/list'
          ? { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }
          : rpc.method === 'tools/call'
            ? { content: [{ type: 'text', text: String((arguments_?.a ?? 0) + (arguments_?.b ?? 0)) }] }
            : {};
      send({
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: message.request_id,
          response: { mcp_response: { jsonrpc: '2.0', id: rpc.id ?? 0, result: answer } },
        },
      });
    }
  });
  send({
    type: 'control_request',
    request_id: 'req_1',
    request: { subtype: 'initialize', sdkMcpServers: [SERVER_NAME] },
  });
  send({ type: 'user', session_id: '', message: { role: 'user', content: 'go' }, parent_tool_use_id: null });
  await new Promise((resolve) => child.on('close', resolve));
  return { messages, methods, toolUseIds };
}
