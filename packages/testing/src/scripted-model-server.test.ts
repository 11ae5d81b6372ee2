import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, text, thinking, toolUse } from './model-turn-helpers.js';
import { NO_MORE_SCRIPTED_TURNS } from './script-player.js';
import { ScriptedModelServer } from './scripted-model-server.js';
import { TestScope } from './test-scope.js';

interface SseEvent {
  event: string;
  data: { type: string; [key: string]: unknown };
}

/** Parses a `text/event-stream` body strictly: every event is exactly `event:` + `data:` lines. */
function parseSse(body: string): SseEvent[] {
  expect(body.endsWith('\n\n')).toBe(true);
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      expect(lines).toHaveLength(2);
      const [eventLine, dataLine] = lines as [string, string];
      expect(eventLine.startsWith('event: ')).toBe(true);
      expect(dataLine.startsWith('data: ')).toBe(true);
      const event = eventLine.slice('event: '.length);
      const data = JSON.parse(dataLine.slice('data: '.length)) as SseEvent['data'];
      expect(data.type).toBe(event);
      return { event, data };
    });
}

/** The text a streamed answer spells out with its `text_delta` events. */
function streamedText(body: string): string {
  return parseSse(body)
    .map((event) => (event.data['delta'] as { type?: string; text?: string } | undefined) ?? {})
    .filter((delta) => delta.type === 'text_delta')
    .map((delta) => delta.text)
    .join('');
}

const scope = new TestScope();

async function startServer(...args: Parameters<typeof ScriptedModelServer.start>): Promise<ScriptedModelServer> {
  const server = await ScriptedModelServer.start(...args);
  scope.defer(() => server.close());
  return server;
}

afterEach(() => scope.cleanup());

function userMessage(content: unknown): { role: string; content: unknown } {
  return { role: 'user', content };
}

function post(server: ScriptedModelServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'test-key' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function mainBody(messages: unknown[] = [userMessage('hi')], extra: Record<string, unknown> = {}) {
  return { model: 'claude-test-1', max_tokens: 1024, stream: true, messages, ...extra };
}

describe('ScriptedModelServer streaming', () => {
  it('streams a text turn as the real event sequence with correct framing and headers', async () => {
    const reply = 'hello from the scripted model, in a few chunks';
    const server = await startServer([{ content: [text(reply)] }]);
    const response = await post(server, '/v1/messages?beta=true', mainBody());

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('request-id')).toMatch(/^req_[0-9a-f]+$/);
    const events = parseSse(await response.text());
    const types = events.map((event) => event.event);
    expect(types[0]).toBe('message_start');
    expect(types.slice(1, 3)).toEqual(['ping', 'content_block_start']);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    const deltas = events.filter((event) => event.event === 'content_block_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => (event.data['delta'] as { text: string }).text).join('')).toBe(reply);
    expect(deltas.every((event) => (event.data['delta'] as { type: string }).type === 'text_delta')).toBe(true);

    const start = events[0]?.data['message'] as Record<string, unknown>;
    expect(start).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-test-1',
      content: [],
      stop_reason: null,
    });
    expect(start['id']).toMatch(/^msg_/);
    expect(start['usage']).toMatchObject({ input_tokens: 10 });
    expect(events.find((event) => event.event === 'content_block_start')?.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    expect(events.find((event) => event.event === 'message_delta')?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 5 },
    });
  });

  it('streams tool input as input_json_delta chunks that reassemble to the input', async () => {
    const input = { path: '/tmp/ü.txt', nested: { list: [1, 2, 3], flag: true }, text: 'a "quoted" 🚀 value' };
    const server = await startServer([{ content: [toolUse('mcp__calc__add', input)] }]);
    const events = parseSse(await (await post(server, '/v1/messages', mainBody())).text());

    const start = events.find((event) => event.event === 'content_block_start');
    expect(start?.data['content_block']).toEqual({
      type: 'tool_use',
      id: 'toolu_1',
      name: 'mcp__calc__add',
      input: {},
    });
    const chunks = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => event.data['delta'] as { type: string; partial_json: string });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((delta) => delta.type === 'input_json_delta')).toBe(true);
    expect(JSON.parse(chunks.map((delta) => delta.partial_json).join(''))).toEqual(input);
    expect(events.find((event) => event.event === 'message_delta')?.data).toMatchObject({
      delta: { stop_reason: 'tool_use' },
    });
  });

  it('streams several tool uses in one turn, each its own block with its own id', async () => {
    const server = await startServer([
      {
        content: [
          text('Let me add.'),
          toolUse('mcp__calc__add', { a: 1, b: 2 }),
          toolUse('mcp__calc__add', { a: 3, b: 4 }),
          toolUse('mcp__calc__mul', { a: 5 }, 'toolu_custom'),
        ],
      },
    ]);
    const events = parseSse(await (await post(server, '/v1/messages', mainBody())).text());
    const starts = events.filter((event) => event.event === 'content_block_start');
    expect(starts.map((event) => event.data['index'])).toEqual([0, 1, 2, 3]);
    expect(starts.map((event) => (event.data['content_block'] as { id?: string }).id)).toEqual([
      undefined,
      'toolu_1',
      'toolu_2',
      'toolu_custom',
    ]);
    const inputs = [1, 2, 3].map((index) =>
      JSON.parse(
        events
          .filter((event) => event.event === 'content_block_delta' && event.data['index'] === index)
          .map((event) => (event.data['delta'] as { partial_json: string }).partial_json)
          .join(''),
      ),
    );
    expect(inputs).toEqual([{ a: 1, b: 2 }, { a: 3, b: 4 }, { a: 5 }]);
    expect(events.filter((event) => event.event === 'content_block_stop').map((event) => event.data['index'])).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('streams thinking as thinking_delta chunks and a signature_delta', async () => {
    const server = await startServer([{ content: [thinking('pondering the question deeply'), text('42')] }]);
    const events = parseSse(await (await post(server, '/v1/messages', mainBody())).text());
    const blockZero = events.filter((event) => event.data['index'] === 0);
    expect(blockZero[0]?.data['content_block']).toEqual({ type: 'thinking', thinking: '', signature: '' });
    const deltas = blockZero
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => event.data['delta'] as { type: string; thinking?: string; signature?: string });
    expect(
      deltas
        .filter((delta) => delta.type === 'thinking_delta')
        .map((delta) => delta.thinking)
        .join(''),
    ).toBe('pondering the question deeply');
    expect(deltas.at(-1)?.type).toBe('signature_delta');
    expect(deltas.at(-1)?.signature).toBeTruthy();
    expect(blockZero.at(-1)?.event).toBe('content_block_stop');
  });

  it('honours stopReason and usage overrides', async () => {
    const server = await startServer([
      {
        content: [text('cut')],
        stopReason: 'max_tokens',
        usage: { input_tokens: 123, output_tokens: 45, cache_read_input_tokens: 7, cache_creation_input_tokens: 8 },
      },
    ]);
    const events = parseSse(await (await post(server, '/v1/messages', mainBody())).text());
    expect(events[0]?.data).toMatchObject({
      message: { usage: { input_tokens: 123, cache_read_input_tokens: 7, cache_creation_input_tokens: 8 } },
    });
    expect(events.find((event) => event.event === 'message_delta')?.data).toMatchObject({
      delta: { stop_reason: 'max_tokens' },
      usage: { output_tokens: 45 },
    });
  });
});

describe('ScriptedModelServer non-streaming and other endpoints', () => {
  it('answers a main request without "stream" as one JSON message when told it is main', async () => {
    const server = await startServer([{ content: [text('plain'), toolUse('Read', { file_path: '/x' })] }], {
      isMainRequest: () => true,
    });
    const response = await post(server, '/v1/messages', { model: 'claude-x', max_tokens: 100, messages: [] });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [
        { type: 'text', text: 'plain' },
        { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/x' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  });

  it('answers side requests (non-streaming, max_tokens 1) with "OK" and consumes no turn', async () => {
    const server = await startServer([{ content: [text('first scripted turn')] }]);
    const probe = await post(server, '/v1/messages?beta=true', {
      model: 'claude-haiku-4-5',
      max_tokens: 1,
      messages: [userMessage('Hi')],
    });
    expect(((await probe.json()) as { content: unknown }).content).toEqual([{ type: 'text', text: 'OK' }]);
    const main = parseSse(await (await post(server, '/v1/messages?beta=true', mainBody())).text());
    expect(main.filter((event) => event.event === 'content_block_delta').length).toBeGreaterThan(0);
    expect(server.requests.map((request) => request.kind)).toEqual(['side', 'main']);
    expect(server.messageRequests).toHaveLength(1);
    expect(server.messageRequests[0]?.turnIndex).toBe(0);
  });

  it('uses sideTurn for side requests when given', async () => {
    const server = await startServer([], {
      sideTurn: () => apiError(404, 'not_found_error', 'model: nope'),
    });
    const response = await post(server, '/v1/messages', { model: 'nope', max_tokens: 1, messages: [] });
    expect(response.status).toBe(404);
  });

  it('counts tokens without touching the script', async () => {
    const server = await startServer([{ content: [text('unused')] }]);
    const response = await post(server, '/v1/messages/count_tokens?beta=true', {
      model: 'm',
      messages: [userMessage('count these words please')],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { input_tokens: number };
    expect(Object.keys(body)).toEqual(['input_tokens']);
    expect(body.input_tokens).toBeGreaterThan(0);
    expect(server.requests[0]?.kind).toBe('count_tokens');
    expect(server.messageRequests).toHaveLength(0);
  });

  it('answers unknown paths and methods with a 404 Anthropic error', async () => {
    const server = await startServer([]);
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'Not found: GET /v1/models' },
    });
    expect((await fetch(`${server.url}/v1/messages`)).status).toBe(404);
    expect(server.requests.map((request) => request.kind)).toEqual(['other', 'other']);
  });

  it('answers a body that is not JSON with 400', async () => {
    const server = await startServer([]);
    const response = await post(server, '/v1/messages', '{not json');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});

describe('ScriptedModelServer API errors', () => {
  it('answers an error turn with its status and the Anthropic error body', async () => {
    const server = await startServer([apiError(400, 'invalid_request_error', 'messages: bad')]);
    const response = await post(server, '/v1/messages', mainBody());
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'messages: bad' },
    });
  });

  it('gives a retry of the same request the same error without consuming a turn', async () => {
    const server = await startServer([apiError(400, 'invalid_request_error', 'nope'), { content: [text('next')] }]);
    const first = await post(server, '/v1/messages', mainBody());
    const retry = await post(server, '/v1/messages', mainBody());
    expect([first.status, retry.status]).toEqual([400, 400]);
    const next = await (await post(server, '/v1/messages', mainBody([userMessage('hi'), userMessage('again')]))).text();
    expect(streamedText(next)).toBe('next');
    expect(server.messageRequests.map((request) => [request.turnIndex, request.isRetry])).toEqual([
      [0, false],
      [0, true],
      [1, false],
    ]);
  });

  it('lets the retry of a retryable error consume the next turn', async () => {
    const server = await startServer([
      apiError(529, 'overloaded_error', 'Overloaded', { retryable: true }),
      { content: [text('recovered')] },
    ]);
    const first = await post(server, '/v1/messages', mainBody());
    expect(first.status).toBe(529);
    expect(first.headers.get('x-should-retry')).toBe('true');
    const retry = await post(server, '/v1/messages', mainBody());
    expect(retry.status).toBe(200);
    expect(streamedText(await retry.text())).toBe('recovered');
    expect(server.messageRequests[1]).toMatchObject({ isRetry: true, turnIndex: 1 });
  });
});

describe('ScriptedModelServer script handling and recording', () => {
  it('records method, path with query, headers and the parsed body of every request', async () => {
    const server = await startServer([{ content: [text('a')] }]);
    const body = mainBody([userMessage('record me')]);
    await (await post(server, '/v1/messages?beta=true', body)).text();
    await (await post(server, '/v1/messages/count_tokens', { messages: [] })).text();
    expect(server.requests).toHaveLength(2);
    const [main, count] = server.requests;
    expect(main).toMatchObject({
      index: 0,
      method: 'POST',
      path: '/v1/messages?beta=true',
      kind: 'main',
      body,
      turnIndex: 0,
      exhausted: false,
      isRetry: false,
    });
    expect(main?.headers['x-api-key']).toBe('test-key');
    expect(main?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(main?.rawBody ?? '')).toEqual(body);
    expect(count).toMatchObject({ index: 1, path: '/v1/messages/count_tokens', kind: 'count_tokens' });
    expect(server.messageRequests).toEqual([main]);
    expect(server.lastRequest()).toBe(main);
  });

  it('answers "(no more scripted turns)" once the list is exhausted and marks the request', async () => {
    const server = await startServer([{ content: [text('only turn')] }]);
    await (await post(server, '/v1/messages', mainBody())).text();
    const late = await (await post(server, '/v1/messages', mainBody([userMessage('more?')]))).text();
    expect(streamedText(late)).toBe(NO_MORE_SCRIPTED_TURNS);
    expect(server.messageRequests.map((request) => request.exhausted)).toEqual([false, true]);
    expect(server.messageRequests[1]?.turnIndex).toBeUndefined();
  });

  it('calls a script function with each main request and its index', async () => {
    const seen: Array<[number, unknown]> = [];
    const server = await startServer((request, index) => {
      seen.push([index, request.body.messages?.at(-1)?.content]);
      return { content: [text(`answer ${index}`)] };
    });
    await (await post(server, '/v1/messages', { model: 'm', max_tokens: 1, messages: [] })).text();
    const first = await (await post(server, '/v1/messages', mainBody([userMessage('one')]))).text();
    const second = await (await post(server, '/v1/messages', mainBody([userMessage('two')]))).text();
    expect(streamedText(first)).toBe('answer 0');
    expect(streamedText(second)).toBe('answer 1');
    expect(seen).toEqual([
      [0, 'one'],
      [1, 'two'],
    ]);
  });

  it('answers 500 and records the error when the script function throws', async () => {
    const server = await startServer(() => {
      throw new Error('script bug');
    });
    const response = await post(server, '/v1/messages', mainBody());
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('script bug');
    expect(server.scriptErrors).toHaveLength(1);
  });

  it('collects every tool_result the model received once, in order', async () => {
    const server = await startServer([]);
    const assistant = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'x', input: {} },
        { type: 'tool_use', id: 'toolu_b', name: 'x', input: {} },
      ],
    };
    const results = userMessage([
      { type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: '42' }] },
      { type: 'tool_result', tool_use_id: 'toolu_b', content: 'boom', is_error: true },
    ]);
    const conversation = [userMessage('go'), assistant, results];
    await (await post(server, '/v1/messages', mainBody(conversation))).text();
    await (
      await post(
        server,
        '/v1/messages',
        mainBody([
          ...conversation,
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_c', name: 'y', input: {} }] },
          { role: 'system', content: [{ type: 'text', text: 'env' }] },
          userMessage([{ type: 'tool_result', tool_use_id: 'toolu_c', content: 'ok' }]),
        ]),
      )
    ).text();
    expect(server.toolResults()).toEqual([
      { tool_use_id: 'toolu_a', content: [{ type: 'text', text: '42' }], is_error: false, requestIndex: 0 },
      { tool_use_id: 'toolu_b', content: 'boom', is_error: true, requestIndex: 0 },
      { tool_use_id: 'toolu_c', content: 'ok', is_error: false, requestIndex: 1 },
    ]);
  });

  it('reads the system prompt from a string or from text blocks', async () => {
    const server = await startServer([]);
    await (await post(server, '/v1/messages', mainBody(undefined, { system: 'You are terse.' }))).text();
    await (
      await post(
        server,
        '/v1/messages',
        mainBody(undefined, {
          system: [
            { type: 'text', text: 'first' },
            { type: 'text', text: 'second', cache_control: { type: 'ephemeral' } },
          ],
        }),
      )
    ).text();
    expect(server.systemPrompt(server.messageRequests[0])).toBe('You are terse.');
    expect(server.systemPrompt()).toBe('first\nsecond');
    expect(server.systemPrompt(undefined)).toBe('first\nsecond');
  });

  it('delays a turn by delayMs', async () => {
    const server = await startServer([{ content: [text('slow')], delayMs: 300 }]);
    const started = Date.now();
    await (await post(server, '/v1/messages', mainBody())).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });
});

describe('ScriptedModelServer lifecycle', () => {
  it('listens on 127.0.0.1', async () => {
    const server = await startServer([]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('closes promptly with an open keep-alive connection, idempotently', async () => {
    const server = await ScriptedModelServer.start([{ content: [text('kept alive')] }]);
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}/v1/messages`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(mainBody()));
      });
      expect(status).toBe(200);
      expect(Object.values(agent.freeSockets).flat().length).toBe(1);
      const started = Date.now();
      await Promise.all([server.close(), server.close()]);
      await server.close();
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      agent.destroy();
    }
  });

  it('closes promptly while a delayed answer is pending', async () => {
    const server = await ScriptedModelServer.start([{ content: [text('never')], delayMs: 60_000 }]);
    const pending = post(server, '/v1/messages', mainBody()).then(
      (response) => response.text(),
      (error: unknown) => error,
    );
    // The request has arrived and waits for its delayed answer.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 10_000 });
    const started = Date.now();
    await server[Symbol.asyncDispose]();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
