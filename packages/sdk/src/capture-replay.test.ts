import { fileURLToPath } from 'node:url';
import { type CaptureLine, FakeCliTransport, fakeCliWiring, loadCapture, replayCapture } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContainer } from './container.js';
import { createSdkMcpServer, type Options, type SDKMessage, tool } from './index.js';
import { query } from './query.js';

/** The recorded transcripts of PROTOCOL.md, kept as fixtures by @hexagent/testing. */
const fixtures = fileURLToPath(new URL('../../testing/test/fixtures/', import.meta.url));

const calc = () =>
  createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      })),
      tool('boom', 'Always fails', { x: z.number() }, async () => {
        throw new Error('kaboom');
      }),
    ],
  });

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());

/**
 * Messages the recorded CLI streamed to the user: everything but control traffic and what the
 * official SDK consumes without yielding (`keep_alive`, `transcript_mirror`, a
 * `session_state_changed` with `sdk_host_only: true`).
 */
function userFacing(capture: readonly CaptureLine[]): unknown[] {
  return capture
    .filter((line) => line.dir === 'cli->sdk')
    .map((line) => (line as { msg: { type: string; subtype?: string; sdk_host_only?: unknown } }).msg)
    .filter((msg) => !msg.type.startsWith('control_'))
    .filter((msg) => msg.type !== 'keep_alive' && msg.type !== 'transcript_mirror')
    .filter((msg) => !(msg.type === 'system' && msg.subtype === 'session_state_changed' && msg.sdk_host_only === true));
}

/** The `mcp_response` payloads the recorded SDK sent, in order. */
function recordedMcpResponses(capture: readonly CaptureLine[]): unknown[] {
  return capture
    .filter((line) => line.dir === 'sdk->cli')
    .map((line) => (line as { msg: { response?: { response?: { mcp_response?: unknown } } } }).msg)
    .map((msg) => msg.response?.response?.mcp_response)
    .filter((response) => response !== undefined);
}

async function replay(
  file: string,
  options: Options,
  prompt = 'What is 15 + 27?',
): Promise<{ messages: SDKMessage[]; fake: FakeCliTransport }> {
  const capture = loadCapture(`${fixtures}${file}`);
  const fake = new FakeCliTransport();
  const run = query({ prompt, options }, wiring.containerWith(fake));
  const replaying = replayCapture(fake, capture);
  const messages: SDKMessage[] = [];
  for await (const message of run) messages.push(message);
  await replaying;
  expect(messages).toEqual(userFacing(capture));
  return { messages, fake };
}

function sentMcpResponses(fake: FakeCliTransport): unknown[] {
  return fake.sent
    .map((msg) => (msg as { response?: { response?: { mcp_response?: unknown } } }).response?.response?.mcp_response)
    .filter((response) => response !== undefined);
}

describe('replaying the recorded CLI transcripts through query()', () => {
  it('01: an in-process tool call answers exactly as recorded', async () => {
    const capture = loadCapture(`${fixtures}01-sdk-mcp-tool-call.jsonl`);
    const { fake } = await replay('01-sdk-mcp-tool-call.jsonl', { mcpServers: { calc: calc() } });
    expect(sentMcpResponses(fake)).toEqual(recordedMcpResponses(capture));
    const init = fake.sent.find((msg) => msg.type === 'control_request') as unknown as {
      request: Record<string, unknown>;
    };
    const recordedInit = capture.find((line) => line.dir === 'sdk->cli') as unknown as {
      msg: { request: Record<string, unknown> };
    };
    expect(init.request.sdkMcpServers).toEqual(recordedInit.msg.request.sdkMcpServers);
    expect(init.request.sdkMcpServerManifests).toEqual(recordedInit.msg.request.sdkMcpServerManifests);
  });

  it('02: a throwing handler answers an isError result as recorded', async () => {
    const capture = loadCapture(`${fixtures}02-tool-handler-throws.jsonl`);
    const { fake } = await replay('02-tool-handler-throws.jsonl', { mcpServers: { calc: calc() } });
    expect(sentMcpResponses(fake)).toEqual(recordedMcpResponses(capture));
  });

  it('03: canUseTool and hooks answer as recorded', async () => {
    const { fake } = await replay('03-can-use-tool-and-hooks.jsonl', {
      mcpServers: { calc: calc() },
      canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
      hooks: {
        PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [async () => ({ continue: true })] }],
        PostToolUse: [{ hooks: [async () => ({})] }],
      },
    });
    const answers = fake.sent
      .filter((msg) => msg.type === 'control_response')
      .map((msg) => (msg as unknown as { response: { response: Record<string, unknown> } }).response.response);
    expect(answers).toEqual([
      { continue: true },
      { behavior: 'allow', updatedInput: { a: 15, b: 27 }, toolUseID: 'toolu_1_0' },
      { mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '42' }] } } },
      {},
    ]);
  });

  it('04: a permission deny answers as recorded', async () => {
    const { fake } = await replay('04-permission-deny.jsonl', {
      mcpServers: { calc: calc() },
      canUseTool: async () => ({ behavior: 'deny', message: 'not today' }),
    });
    const deny = fake.sent.find((msg) => msg.type === 'control_response') as unknown as {
      response: { response: unknown };
    };
    expect(deny.response.response).toEqual({ behavior: 'deny', message: 'not today', toolUseID: 'toolu_1_0' });
  });

  it('07: partial messages pass through untouched', async () => {
    const { messages } = await replay('07-partial-messages.jsonl', { includePartialMessages: true });
    expect(messages.filter((message) => message.type === 'stream_event')).toHaveLength(6);
  });

  it('08: max turns ends with error_max_turns', async () => {
    const { messages } = await replay('08-max-turns.jsonl', { mcpServers: { calc: calc() }, maxTurns: 1 });
    // The recorded session_state_changed idle after it is host-only: not yielded, so the result is last.
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'error_max_turns' });
  });

  it('09: serves the MCP handshake when the CLI asks for it', async () => {
    const { fake } = await replay('09-sdk-mcp-handshake-without-manifests.jsonl', { mcpServers: { calc: calc() } });
    const responses = sentMcpResponses(fake) as Array<{ id: number; result?: Record<string, unknown> }>;
    expect(responses.map((response) => response.id)).toEqual([0, 0, 1, 2]);
    expect(responses[0]?.result?.serverInfo).toEqual({ name: 'calc', version: '1.0.0' });
    expect(((responses[2]?.result?.tools ?? []) as Array<{ name: string }>).map((entry) => entry.name)).toEqual([
      'add',
      'boom',
    ]);
    expect(responses[3]?.result).toEqual({ content: [{ type: 'text', text: '42' }] });
  });
});
