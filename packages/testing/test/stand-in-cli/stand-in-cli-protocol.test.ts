/**
 * The stand-in CLI speaks the protocol: `initialize`, turns, control requests both ways, the MCP
 * handshake, the benchmark workloads, echoes, steps from input and the `code` escape hatch. Spawned
 * from the built package (`pnpm build` first), spoken to over its pipes.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type InstalledStandInCli,
  installStandInCli,
  STAND_IN_CLI_PATH,
  STAND_IN_SCENARIO_FILE_ENV,
  type StandInScenario,
  standInCliEnv,
  standInReportOf,
  standInTurn,
} from '../../dist/stand-in-cli.js';
import { initialize, ofType, startPeer, user } from './stand-in-peer.js';

type Json = Record<string, unknown>;

const installed: InstalledStandInCli[] = [];
afterEach(() => {
  for (const cli of installed.splice(0)) cli.remove();
});
function install(scenario: StandInScenario = {}): InstalledStandInCli {
  const cli = installStandInCli(scenario);
  installed.push(cli);
  return cli;
}

/** Answers every `mcp_message` like an in-process server with tool `add` ({ a, b } -> "a + b"). */
function serveAdd(peer: ReturnType<typeof startPeer>): string[] {
  const methods: string[] = [];
  let seen = 0;
  peer.child.stdout.on('data', () => {
    for (; seen < peer.lines.length; seen++) {
      const line = peer.lines[seen] as Json;
      if (line.type !== 'control_request') continue;
      const rpc = (line.request as { message: { method: string; id?: number; params?: { arguments?: Json } } }).message;
      methods.push(rpc.method);
      const args = rpc.params?.arguments as { a: number; b: number } | undefined;
      const result =
        rpc.method === 'tools/list'
          ? { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }
          : { content: [{ type: 'text', text: String((args?.a ?? 0) + (args?.b ?? 0)) }] };
      peer.send({
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: line.request_id,
          response: { mcp_response: { jsonrpc: '2.0', id: rpc.id ?? 0, result } },
        },
      });
    }
  });
  return methods;
}

describe('the default scenario', () => {
  it("answers initialize with capture 01's answer, runs a realistic turn, and exits 0 when its input ends", async () => {
    const peer = startPeer(install().path, ['--output-format', 'stream-json', '--verbose']);
    peer.send(initialize());
    const answer = await peer.next(ofType('control_response'));
    expect(answer.response).toMatchObject({ subtype: 'success', request_id: 'req_init' });
    const response = (answer.response as { response: Json }).response;
    expect(response).toMatchObject({ claude_code_version: '2.1.329', pid: peer.child.pid });
    expect(Array.isArray(response.commands)).toBe(true);
    peer.send(user());
    await peer.next(ofType('result'));
    peer.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    expect(peer.lines.slice(1).map((line) => [line.type, line.subtype ?? line.state ?? ''])).toEqual([
      ['system', 'session_state_changed'],
      ['system', 'init'],
      ['assistant', ''],
      ['result', 'success'],
      ['system', 'session_state_changed'],
    ]);
    expect(peer.lines.at(-1)).toMatchObject({ state: 'idle' });
  });

  it('prints its version for --version', async () => {
    const peer = startPeer(install({ version: '9.9.9' }).path, ['--version']);
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    expect(peer.stdout()).toBe('9.9.9 (Claude Code)\n');
  });

  it('answers interrupt with nothing queued and other control requests with {}, unless told otherwise', async () => {
    const peer = startPeer(install({ controlAnswers: { set_model: { model: 'm' }, mcp_status: null } }).path);
    for (const subtype of ['interrupt', 'set_model', 'mcp_status', 'set_permission_mode']) {
      peer.send({ type: 'control_request', request_id: subtype, request: { subtype } });
    }
    await peer.next((line) => (line.response as Json | undefined)?.request_id === 'set_permission_mode');
    expect(peer.lines.map((line) => line.response)).toEqual([
      { subtype: 'success', request_id: 'interrupt', response: { still_queued: [] } },
      { subtype: 'success', request_id: 'set_model', response: { model: 'm' } },
      { subtype: 'success', request_id: 'set_permission_mode', response: {} },
    ]);
    peer.end();
    await peer.exited;
  });
});

describe('initialize', () => {
  it('minimal: the version and the pid, with fields merged over', async () => {
    const peer = startPeer(
      install({ version: '0.0.0-test', initialize: { answer: 'minimal', fields: { mcp_servers_applied: true } } }).path,
    );
    peer.send(initialize());
    const answer = await peer.next(ofType('control_response'));
    expect((answer.response as Json).response).toEqual({
      claude_code_version: '0.0.0-test',
      pid: peer.child.pid,
      mcp_servers_applied: true,
    });
    peer.end();
    await peer.exited;
  });

  it('none: never answers and runs no turn; onInitialize steps still run', async () => {
    const peer = startPeer(
      install({ initialize: { answer: 'none' }, onInitialize: [{ send: { type: 'after' } }] }).path,
    );
    peer.send(initialize());
    peer.send(user());
    await peer.next(ofType('after'));
    // Once it has exited, everything it would have written is in: a turn would have been.
    peer.end();
    expect((await peer.exited).code).toBe(0);
    expect(peer.lines).toEqual([{ type: 'after' }]);
  });

  it('capture: parks the manifests it received', async () => {
    const peer = startPeer(install().path);
    peer.send(
      initialize({ sdkMcpServers: ['calc'], sdkMcpServerManifests: { calc: { toolsListResult: { tools: [] } } } }),
    );
    const answer = await peer.next(ofType('control_response'));
    expect((answer.response as { response: Json }).response.sdk_mcp_manifests_parked).toEqual({ calc: 'parked' });
    peer.end();
    await peer.exited;
  });
});

describe('turns and control requests', () => {
  it('runs onUser for each user message, one turn at a time, and sends requests with their ids', async () => {
    const cli = install({
      onUser: [
        { request: 'can_use_tool', payload: { tool_name: 'Bash' }, id: 'ask_1', reportAs: 'asked' },
        { result: 'answered' },
      ],
    });
    const peer = startPeer(cli.path);
    peer.send(initialize());
    peer.send(user('one'));
    const request = await peer.next(ofType('control_request'));
    expect(request).toEqual({
      type: 'control_request',
      request_id: 'ask_1',
      request: { subtype: 'can_use_tool', tool_name: 'Bash' },
    });
    peer.send(user('two'));
    // Both messages read, the first turn still waits for its answer.
    await vi.waitFor(() => expect(cli.notes().filter((note) => note === 'received "user"')).toHaveLength(2), {
      timeout: 20_000,
    });
    expect(peer.lines.filter(ofType('result'))).toEqual([]);
    peer.send({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'ask_1', response: { behavior: 'allow' } },
    });
    await peer.next(ofType('result'));
    expect(await peer.next(ofType('asked'))).toEqual({
      type: 'asked',
      answer: { subtype: 'success', request_id: 'ask_1', response: { behavior: 'allow' } },
    });
    // The second turn asks again with the same id; answering it ends the turn.
    await peer.next(() => peer.lines.filter(ofType('control_request')).length === 2);
    peer.send({ type: 'control_response', response: { subtype: 'success', request_id: 'ask_1', response: {} } });
    await peer.next((line) => peer.lines.filter(ofType('result')).length === 2 && line.type === 'result');
    peer.end();
    expect((await peer.exited).code).toBe(0);
  });

  it('ignores answers to requests it never sent, and messages it does not know', async () => {
    const peer = startPeer(install({ onUser: [{ result: 'done' }] }).path);
    peer.send({ type: 'control_response', response: { subtype: 'success', request_id: 'never-sent', response: {} } });
    peer.send({ type: 'keep_alive' });
    peer.send({ type: 'x_future', nested: { a: 1 } });
    peer.send(user());
    await peer.next(ofType('result'));
    peer.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });
});

describe('the MCP handshake and the benchmark workloads', () => {
  it('runs the handshake of capture 09 for a server named without a manifest, then the tool calls', async () => {
    const peer = startPeer(
      install({ onUser: standInTurn({ toolCalls: { count: 5, concurrency: 2, warmup: 1 } }) }).path,
    );
    const methods = serveAdd(peer);
    peer.send(initialize({ sdkMcpServers: ['bench'] }));
    peer.send(user());
    const result = await peer.next(ofType('result'));
    peer.end();
    await peer.exited;
    expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list', ...Array(6).fill('tools/call')]);
    const report = standInReportOf(result);
    expect(report).toMatchObject({ mode: 'tools', count: 5, concurrency: 2, warmup: 1, errors: 0, manifests: false });
    expect(report.roundTripUs?.count).toBe(5);
    const init = peer.lines.find(ofType('system', 'init'));
    expect(init?.mcp_servers).toEqual([{ name: 'bench', status: 'connected', source: 'sdk' }]);
  });

  it('counts wrong tool answers as errors', async () => {
    const peer = startPeer(install({ onUser: [{ toolCalls: { count: 2, server: 'calc' } }, { result: 'done' }] }).path);
    let answered = 0;
    peer.child.stdout.on('data', () => {
      for (; answered < peer.lines.filter(ofType('control_request')).length; answered++) {
        const request = peer.lines.filter(ofType('control_request'))[answered] as Json;
        peer.send({
          type: 'control_response',
          response: { subtype: 'error', request_id: request.request_id, error: 'no' },
        });
      }
    });
    peer.send(user());
    expect(standInReportOf(await peer.next(ofType('result'))).errors).toBe(2);
    peer.end();
    await peer.exited;
  });

  it('streams warm-up + N assistant messages (work in the default turn) with API-shaped ids, unique within the run', async () => {
    const peer = startPeer(install({ work: [{ stream: { count: 300, warmup: 200 } }] }).path);
    peer.send(user());
    peer.send(user());
    await peer.next((line) => line.type === 'result' && peer.lines.filter(ofType('result')).length === 2);
    peer.end();
    await peer.exited;
    const ids = peer.lines.filter(ofType('assistant')).map((line) => (line.message as { id: string }).id);
    expect(ids).toHaveLength(2 * 501);
    for (const id of ids) expect(id).toMatch(/^msg_01[0-9a-z]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(standInReportOf(peer.lines.find(ofType('result')))).toMatchObject({
      mode: 'stream',
      count: 300,
      warmup: 200,
    });
    expect(peer.lines.filter(ofType('system', 'init'))).toHaveLength(1);
  });

  it('takes a scenario file named in the environment, relative paths resolving beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexagent-stand-in-test-'));
    try {
      writeFileSync(join(dir, 'scenario.json'), JSON.stringify({ onStart: [{ touch: 'started' }, { exit: 5 }] }));
      const env = { ...process.env, [STAND_IN_SCENARIO_FILE_ENV]: join(dir, 'scenario.json') };
      const peer = startPeer(process.execPath, [STAND_IN_CLI_PATH], env);
      expect((await peer.exited).code).toBe(5);
      expect(existsSync(join(dir, 'started'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes its scenario from the environment when run as the script', async () => {
    const env = { ...process.env, ...standInCliEnv({ onUser: [{ assistant: 'from env' }, { result: 'done' }] }) };
    const peer = startPeer(process.execPath, [STAND_IN_CLI_PATH, '--verbose'], env);
    peer.send(user());
    await peer.next(ofType('result'));
    peer.end();
    expect((await peer.exited).code).toBe(0);
    const assistant = peer.lines.find(ofType('assistant')) as { message: { content: Json[] } };
    expect(assistant.message.content[0]).toEqual({ type: 'text', text: 'from env' });
  });
});

describe('echoes, steps from input and code', () => {
  it('echo list: writes those types back, and still answers initialize', async () => {
    const peer = startPeer(install({ echo: ['echo'] }).path);
    peer.send({ type: 'echo', n: 1, text: 'héllo 😀 \u2028' });
    peer.send(initialize());
    peer.send({ type: 'other' });
    await peer.next(ofType('control_response'));
    peer.end();
    await peer.exited;
    expect(peer.lines.filter(ofType('echo'))).toEqual([{ type: 'echo', n: 1, text: 'héllo 😀 \u2028' }]);
    expect(peer.lines).toHaveLength(2);
  });

  it('echo: true with steps from input: runs the steps in order with the echoes (pieces cut mid-character)', async () => {
    const peer = startPeer(install({ echo: true, stepsFromInput: true }).path);
    const bytes = Buffer.from(`${JSON.stringify({ type: 'utf8', text: 'é中😀' })}\n`, 'utf8');
    peer.send({ type: 'first' });
    peer.send({
      type: 'stand_in',
      steps: [{ write: { base64: bytes.toString('base64'), cuts: [3, 14, 15, 16] } }, { stderr: 'to stderr\n' }],
    });
    peer.send({ type: 'control_request', request_id: 'x', request: { subtype: 'initialize' } });
    peer.send({ type: 'stand_in', steps: [{ exit: 7 }] });
    expect((await peer.exited).code).toBe(7);
    expect(peer.lines).toEqual([
      { type: 'first' },
      { type: 'utf8', text: 'é中😀' },
      { type: 'control_request', request_id: 'x', request: { subtype: 'initialize' } },
    ]);
    expect(peer.stderr()).toBe('to stderr\n');
  });

  it('code: runs a body with the cli API and the message that started it', async () => {
    const code = `
      const answer = await cli.request('hook_callback', { callback_id: 'h1' });
      cli.send({ type: 'seen', prompt: message.message.content, servers: cli.sdkMcpServers, answer: answer.response });
      await cli.run([{ result: 'done' }]);
    `;
    const peer = startPeer(install({ onUser: [{ code }] }).path);
    peer.send(initialize({ sdkMcpServers: ['calc'] }));
    peer.send(user('the prompt'));
    const request = await peer.next(ofType('control_request'));
    peer.send({
      type: 'control_response',
      response: { subtype: 'success', request_id: request.request_id, response: { ok: 1 } },
    });
    await peer.next(ofType('result'));
    expect(peer.lines.find(ofType('seen'))).toEqual({
      type: 'seen',
      prompt: 'the prompt',
      servers: ['calc'],
      answer: { ok: 1 },
    });
    peer.end();
    await peer.exited;
  });
});
