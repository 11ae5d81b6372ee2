import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFloor } from '../src/floor-client.js';
import { runHexagent, runOfficial } from '../src/sdk-clients.js';
import { reportOf, SERVER_NAME, STAND_IN_CLI, standInEnv } from '../src/workload.js';

beforeAll(() => {
  if (!existsSync(STAND_IN_CLI)) throw new Error(`${STAND_IN_CLI} is missing: build the bench first (pnpm build)`);
});

describe('the stand-in CLI, through hexagent', () => {
  it('streams N assistant messages, then a result carrying its report', async () => {
    const run = await runHexagent(standInEnv({ mode: 'stream', count: 50, concurrency: 1, warmup: 0 }), false);
    const report = reportOf(run.result);
    expect(report).toMatchObject({ mode: 'stream', count: 50, errors: 0, manifests: false });
    // session_state_changed, system/init, 50 assistant, the closing assistant, result, session_state_changed
    expect(run.messages).toBe(55);
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
    const child = spawn(process.execPath, [STAND_IN_CLI, '--output-format', 'stream-json', '--verbose'], {
      env: { ...process.env, ...standInEnv({ mode: 'tools', count: 1, concurrency: 1, warmup: 0 }) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const methods: string[] = [];
    let result: Record<string, unknown> | undefined;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { type: string; request_id: string; request: { message: unknown } };
        if (message.type === 'result') {
          result = message;
          child.stdin.end();
        }
        if (message.type !== 'control_request') continue;
        const rpc = message.request.message as { method: string; id?: number };
        methods.push(rpc.method);
        const answer =
          rpc.method === 'tools/list'
            ? { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }
            : rpc.method === 'tools/call'
              ? { content: [{ type: 'text', text: '27' }] }
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
    expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']);
    expect(reportOf(result)).toMatchObject({ errors: 0, manifests: false });
  });
});
