import { assistantMessage, FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaudeClient } from './claude-client.js';
import { createContainer } from './container.js';
import {
  AbortError,
  ControlRequestError,
  createSdkMcpServer,
  InvalidOptionError,
  type Options,
  type SDKMessage,
  tool,
} from './index.js';
import { query } from './query.js';

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());

const calc = () =>
  createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool(
        'add',
        'Add two numbers',
        { a: z.number(), b: z.number() },
        async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
        { annotations: { readOnlyHint: true } },
      ),
    ],
  });

describe('query() with the fake CLI', () => {
  it('sends initialize then the prompt, streams messages, and ends input after the result', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query({ prompt: 'hello' }, wiring.containerWith(fake));
    const init = (await fake.waitForControlRequest('initialize')).request;
    expect(init.systemPrompt).toEqual(['']);
    const user = await fake.nextSent((message) => message.type === 'user');
    expect(user).toMatchObject({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      parent_tool_use_id: null,
    });
    expect(fake.state.inputEnded).toBe(false);
    fake.emit(assistantMessage('hi there'));
    fake.emit(resultMessage({ result: 'hi there' }));
    const seen: SDKMessage[] = [];
    const iterator = run[Symbol.asyncIterator]();
    seen.push((await iterator.next()).value as SDKMessage);
    seen.push((await iterator.next()).value as SDKMessage);
    expect(seen.map((message) => message.type)).toEqual(['assistant', 'result']);
    await expect.poll(() => fake.state.inputEnded).toBe(true);
    fake.finish();
    expect((await iterator.next()).done).toBe(true);
  });

  it('serves mcp_message tool calls with the in-process server and sends manifests in initialize', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query({ prompt: 'add', options: { mcpServers: { calc: calc() } } }, wiring.containerWith(fake));
    const init = (await fake.waitForControlRequest('initialize')).request;
    expect(init.sdkMcpServers).toEqual(['calc']);
    const manifests = init.sdkMcpServerManifests as Record<
      string,
      { toolsListResult: { tools: Array<Record<string, unknown>> } }
    >;
    const add = manifests.calc?.toolsListResult.tools[0];
    expect(add?.name).toBe('add');
    expect(add?.annotations).toMatchObject({ readOnlyHint: true });
    const response = await fake.emitControlRequest('mcp_message', {
      server_name: 'calc',
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 15, b: 27 } } },
    });
    expect(response).toMatchObject({
      subtype: 'success',
      response: { mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '42' }] } } },
    });
    const unknown = await fake.emitControlRequest('mcp_message', {
      server_name: 'nope',
      message: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    });
    expect(unknown).toMatchObject({ response: { mcp_response: { id: 3, error: { code: -32601 } } } });
    await run.close();
  });

  it('never puts an in-process server instance into the transport argv options it cannot serialise', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query({ prompt: 'x', options: { mcpServers: { calc: calc() } } }, wiring.containerWith(fake));
    await fake.waitForControlRequest('initialize');
    // The transport receives the options; it is the transport's job to keep sdk servers off argv.
    expect(wiring.launches.at(-1)?.mcpServerTypes['calc']).toBe('sdk');
    await run.close();
  });

  it('rejects a failed control request with ControlRequestError and the session goes on', async () => {
    const fake = new FakeCliTransport({
      autoInitialize: true,
      autoRespond: { set_permission_mode: (request) => ({ mode: request.mode }) },
    });
    const run = query({ prompt: 'x' }, wiring.containerWith(fake));
    await fake.waitForControlRequest('initialize');
    const failing = run.setModel('no-such-model');
    const request = await fake.waitForControlRequest('set_model');
    fake.respondError(request.request_id, 'Unable to validate model: no-such-model', 'check_failed');
    const error = await failing.catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    expect((error as ControlRequestError).cliMessage).toContain('no-such-model');
    expect((error as ControlRequestError).cliErrorCode).toBe('check_failed');
    await expect(run.setPermissionMode('acceptEdits')).resolves.toEqual({ mode: 'acceptEdits' });
    await run.close();
  });

  it('closes the CLI when the caller breaks out of for await', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query({ prompt: 'x' }, wiring.containerWith(fake));
    await fake.nextSent((message) => message.type === 'user');
    fake.emit(assistantMessage('one'));
    for await (const message of run) {
      expect(message.type).toBe('assistant');
      break;
    }
    await expect.poll(() => fake.state.closed).toBe(true);
  });

  it('ends with AbortError when the abort controller fires', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const abortController = new AbortController();
    const run = query({ prompt: 'x', options: { abortController } }, wiring.containerWith(fake));
    await fake.nextSent((message) => message.type === 'user');
    abortController.abort();
    const error = await (async () => {
      for await (const _ of run) {
        // drain
      }
    })().catch((caught: unknown) => caught);
    expect(AbortError.isInstance(error)).toBe(true);
    await expect.poll(() => fake.state.closed).toBe(true);
  });

  it('surfaces a transport start failure through the message stream', async () => {
    const failure = new InvalidOptionError({ option: 'cwd', message: 'does not exist' });
    const fake = new FakeCliTransport({ startError: failure });
    const run = query({ prompt: 'x' }, wiring.containerWith(fake));
    const error = await (async () => {
      for await (const _ of run) {
        // drain
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBe(failure);
  });

  it('keeps input open across a streamed prompt and closes it after the last result', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    async function* prompts() {
      yield { type: 'user' as const, message: { role: 'user' as const, content: 'first' } };
      yield { type: 'user' as const, message: { role: 'user' as const, content: 'second' } };
    }
    const run = query({ prompt: prompts() }, wiring.containerWith(fake));
    await fake.nextSent((message) => message.type === 'user');
    await fake.nextSent((message) => message.type === 'user');
    fake.emit(resultMessage({ result: 'one' }));
    const iterator = run[Symbol.asyncIterator]();
    expect(((await iterator.next()).value as SDKMessage).type).toBe('result');
    expect(fake.state.inputEnded).toBe(false);
    fake.emit(resultMessage({ result: 'two' }));
    expect(((await iterator.next()).value as SDKMessage).type).toBe('result');
    await expect.poll(() => fake.state.inputEnded).toBe(true);
    await run.close();
  });
});

describe('query() option validation with the default CLI transport', () => {
  it('throws InvalidOptionError synchronously, before anything is spawned', () => {
    // Each refused by the official SDK too, or by every supported CLI at start.
    const bad: Array<[Options, string]> = [
      [{ maxBudgetUsd: 0 }, 'maxBudgetUsd'],
      [{ model: 'opus', fallbackModel: 'opus' }, 'fallbackModel'],
      [{ sessionId: 'not-a-uuid' }, 'sessionId'],
      [{ mcpServersDelivery: 'stdin' as never }, 'mcpServersDelivery'],
    ];
    for (const [options, option] of bad) {
      let error: unknown;
      try {
        query({ prompt: 'x', options: { ...options, pathToClaudeCodeExecutable: '/nonexistent/never-spawned' } });
      } catch (caught) {
        error = caught;
      }
      expect(InvalidOptionError.isInstance(error), JSON.stringify(options)).toBe(true);
      expect((error as InvalidOptionError).option).toContain(option);
    }
  });
});

describe('ClaudeClient with the fake CLI', () => {
  it('takes two turns in one process', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const client = new ClaudeClient({}, wiring.containerWith(fake));
    await client.connect();
    expect((await client.serverInfo()).claude_code_version).toBe('2.1.329');
    for (const turn of ['one', 'two']) {
      await client.query(turn);
      const sent = await fake.nextSent((message) => message.type === 'user');
      expect((sent.message as { content: unknown }).content).toEqual([{ type: 'text', text: turn }]);
      fake.emit(assistantMessage(`answer ${turn}`));
      fake.emit(resultMessage({ result: `answer ${turn}` }));
      const types: string[] = [];
      for await (const message of client.receiveResponse()) types.push(message.type);
      expect(types).toEqual(['assistant', 'result']);
    }
    expect(fake.state.closed).toBe(false);
    await client.close();
    expect(fake.state.closed).toBe(true);
  });
});
