import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ControlProtocolEngine, type InboundMessage } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { FakeCliTransport } from './fake-cli-transport.js';
import { loadCapture } from './load-capture.js';
import { replayCapture } from './replay-capture.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const capture01 = join(fixtures, '01-sdk-mcp-tool-call.jsonl');

describe('loadCapture', () => {
  it('reads every line of a recorded transcript', () => {
    const capture = loadCapture(capture01);
    expect(capture).toHaveLength(13);
    expect(capture[0]).toEqual({
      dir: 'argv',
      argv: [
        '--output-format',
        'stream-json',
        '--verbose',
        '--input-format',
        'stream-json',
        '--allowedTools=mcp__calc__add',
      ],
    });
    expect(capture.map((line) => line.dir).slice(1, 4)).toEqual(['sdk->cli', 'sdk->cli', 'cli->sdk']);
    const last = capture.at(-1);
    expect(last?.dir === 'cli->sdk' && last.msg.type).toBe('system');
  });

  it('reads all the shipped captures', () => {
    for (const name of ['02-tool-handler-throws', '06-interrupt', '09-sdk-mcp-handshake-without-manifests']) {
      expect(loadCapture(join(fixtures, `${name}.jsonl`)).length).toBeGreaterThan(5);
    }
  });

  it('reports the line of a malformed entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexagent-capture-'));
    try {
      const path = join(dir, 'bad.jsonl');
      writeFileSync(path, '{"dir":"argv","argv":[]}\n\n{"dir":"sdk->cli","msg":{"type":"user"}}\n{oops\n');
      expect(() => loadCapture(path)).toThrow(/bad\.jsonl:4: not JSON/);
      writeFileSync(path, '{"dir":"sideways","msg":{"type":"user"}}\n');
      expect(() => loadCapture(path)).toThrow(/bad\.jsonl:1: not a capture line/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A minimal SDK under test built from core's control protocol engine: initialize, send the prompt,
 * serve `mcp_message` with a calculator, collect user-facing messages until the output ends.
 */
async function miniSdk(cli: FakeCliTransport, options: { awaitInitialize: boolean }) {
  const engine = new ControlProtocolEngine({ send: (message) => cli.send(message), defaultTimeoutMs: 5000 });
  const toolCalls: unknown[] = [];
  engine.handle('mcp_message', async (request) => {
    const message = request['message'] as {
      id?: number;
      method: string;
      params?: { arguments?: { a: number; b: number } };
    };
    toolCalls.push(message);
    const args = message.params?.arguments ?? { a: 0, b: 0 };
    return {
      mcp_response: {
        jsonrpc: '2.0',
        id: message.id,
        result: { content: [{ type: 'text', text: String(args.a + args.b) }] },
      },
    };
  });
  await cli.start();
  const userFacing: InboundMessage[] = [];
  const pump = (async () => {
    for await (const message of cli.messages()) if (!engine.receive(message)) userFacing.push(message);
  })();
  const initialized = engine.request('initialize', { sdkMcpServers: ['calc'] });
  if (options.awaitInitialize) await initialized;
  await cli.send({
    type: 'user',
    session_id: '',
    message: { role: 'user', content: 'What is 15 + 27?' },
    parent_tool_use_id: null,
  });
  const initializeResponse = await initialized;
  await pump;
  return { initializeResponse, userFacing, toolCalls };
}

describe('replayCapture', () => {
  for (const awaitInitialize of [false, true]) {
    it(`plays capture 01 against an SDK that ${awaitInitialize ? 'waits for' : 'does not wait for'} the initialize answer`, async () => {
      const cli = new FakeCliTransport();
      const replay = replayCapture(cli, loadCapture(capture01), { timeoutMs: 2000 });
      const { initializeResponse, userFacing, toolCalls } = await miniSdk(cli, { awaitInitialize });
      await replay;

      expect(initializeResponse['claude_code_version']).toBe('2.1.329');
      expect(toolCalls).toEqual([
        expect.objectContaining({
          method: 'tools/call',
          params: expect.objectContaining({ arguments: { a: 15, b: 27 } }),
        }),
      ]);
      const answer = cli.sent.find((message) => message.type === 'control_response');
      expect(answer).toMatchObject({
        response: {
          subtype: 'success',
          request_id: 'f35b293c-968f-4bc6-8997-06b8f2aa85ec',
          response: { mcp_response: { result: { content: [{ type: 'text', text: '42' }] } } },
        },
      });
      expect(userFacing.map((message) => message.type)).toEqual([
        'system',
        'system',
        'assistant',
        'user',
        'assistant',
        'result',
        'system',
      ]);
      expect(userFacing.find((message) => message.type === 'result')).toMatchObject({
        subtype: 'success',
        result: 'answer=42',
      });
    });
  }

  it('rewrites answers to the live request ids', async () => {
    const cli = new FakeCliTransport();
    await cli.start();
    const replay = replayCapture(cli, [
      { dir: 'sdk->cli', msg: { type: 'control_request', request_id: 'recorded', request: { subtype: 'interrupt' } } },
      { dir: 'cli->sdk', msg: { type: 'control_response', response: { subtype: 'success', request_id: 'recorded' } } },
    ]);
    await cli.send({ type: 'control_request', request_id: 'live_7', request: { subtype: 'interrupt' } });
    await replay;
    const received: InboundMessage[] = [];
    for await (const message of cli.messages()) received.push(message);
    expect(received).toEqual([{ type: 'control_response', response: { subtype: 'success', request_id: 'live_7' } }]);
  });

  it('rejects when the SDK never sends an expected message', async () => {
    const cli = new FakeCliTransport();
    await cli.start();
    const replay = replayCapture(
      cli,
      [
        { dir: 'sdk->cli', msg: { type: 'user' } },
        { dir: 'cli->sdk', msg: { type: 'result' } },
      ],
      { timeoutMs: 50 },
    );
    await cli.send({ type: 'something_else' });
    await expect(replay).rejects.toThrow(/no matching message sent within 50 ms/);
  });
});
