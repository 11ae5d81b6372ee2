/**
 * The live controls of `query()` and `ClaudeClient` on the in-memory fake CLI: each method writes
 * its control request and resolves with the mapped answer, errors carry the CLI's code, and
 * in-process servers added by `setMcpServers` are served through the default MCP factory.
 */

import type { QueryControls as LiveControls } from '@hexagent/core';
import { AsyncQueue, QUERY_CONTROL_NAMES } from '@hexagent/core';
import { type ControlAutoResponder, FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaudeClient } from './claude-client.js';
import { createContainer } from './container.js';
import {
  AbortError,
  ControlRequestError,
  createSdkMcpServer,
  InvalidOptionError,
  type SDKUserMessage,
  type SDKUserMessageInput,
  tool,
} from './index.js';
import { query } from './query.js';

const wiring = fakeCliWiring(createContainer);
const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await wiring.closeAll();
});

/** A prompt stream that stays open, so the CLI's input does too. */
function openInput(): AsyncQueue<SDKUserMessageInput> {
  return new AsyncQueue<SDKUserMessageInput>();
}

const answers: Record<string, Record<string, unknown>> = {
  interrupt: { still_queued: [] },
  mcp_status: { mcpServers: [{ name: 'ext', status: 'connected' }] },
  background_tasks: { backgrounded: false },
  mcp_set_servers: { added: ['ext2'], removed: [], errors: {} },
  get_context_usage: { totalTokens: 2067 },
};
const autoRespond = new Proxy<Record<string, ControlAutoResponder>>(
  {},
  {
    get: (_target, subtype) =>
      typeof subtype === 'string' && subtype !== 'initialize' ? () => answers[subtype] ?? {} : undefined,
  },
);

/** Every live control, with the subtype it sends (none for the local ones) and its result. */
const calls: Array<[string, (c: LiveControls) => Promise<unknown>, string | undefined, unknown]> = [
  ['interrupt', (c) => c.interrupt(), 'interrupt', { still_queued: [] }],
  ['setPermissionMode', (c) => c.setPermissionMode('plan'), 'set_permission_mode', undefined],
  [
    'setMcpPermissionModeOverride',
    (c) => c.setMcpPermissionModeOverride('ext', null),
    'set_mcp_permission_mode_override',
    {},
  ],
  ['setModel', (c) => c.setModel('sonnet'), 'set_model', undefined],
  ['setMaxThinkingTokens', (c) => c.setMaxThinkingTokens(0, 'omitted'), 'set_max_thinking_tokens', undefined],
  ['applyFlagSettings', (c) => c.applyFlagSettings({ model: null }), 'apply_flag_settings', undefined],
  ['updateSettings', (c) => c.updateSettings('userSettings', { effortLevel: 'high' }), 'update_settings', undefined],
  [
    'supportedCommands',
    (c) => c.supportedCommands(),
    undefined,
    expect.arrayContaining([expect.objectContaining({ name: 'compact' })]),
  ],
  [
    'supportedModels',
    (c) => c.supportedModels(),
    undefined,
    expect.arrayContaining([expect.objectContaining({ value: 'sonnet' })]),
  ],
  [
    'supportedAgents',
    (c) => c.supportedAgents(),
    undefined,
    expect.arrayContaining([expect.objectContaining({ name: 'Plan' })]),
  ],
  ['accountInfo', (c) => c.accountInfo(), undefined, expect.objectContaining({ apiKeySource: 'ANTHROPIC_API_KEY' })],
  ['mcpServerStatus', (c) => c.mcpServerStatus(), 'mcp_status', [{ name: 'ext', status: 'connected' }]],
  ['getContextUsage', (c) => c.getContextUsage(), 'get_context_usage', { totalTokens: 2067 }],
  ['usage', (c) => c.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(), 'get_usage', {}],
  ['readFile', (c) => c.readFile('a.txt'), 'read_file', {}],
  ['reloadPlugins', (c) => c.reloadPlugins(), 'reload_plugins', {}],
  ['reloadSkills', (c) => c.reloadSkills(), 'reload_skills', {}],
  ['reloadOutputStyles', (c) => c.reloadOutputStyles(), 'reload_output_styles', {}],
  ['rewindFiles', (c) => c.rewindFiles('u-1', { dryRun: true }), 'rewind_files', {}],
  ['seedReadState', (c) => c.seedReadState('/a', 1), 'seed_read_state', undefined],
  ['reconnectMcpServer', (c) => c.reconnectMcpServer('ext'), 'mcp_reconnect', undefined],
  ['toggleMcpServer', (c) => c.toggleMcpServer('ext', true), 'mcp_toggle', undefined],
  ['readMcpResource', (c) => c.readMcpResource('ext', 'ui://ext/w'), 'mcp_read_resource', {}],
  ['setMcpServers', (c) => c.setMcpServers({ ext2: { command: 'node' } }), 'mcp_set_servers', answers.mcp_set_servers],
  ['stopTask', (c) => c.stopTask('t1'), 'stop_task', undefined],
  ['backgroundTasks', (c) => c.backgroundTasks('toolu_1'), 'background_tasks', false],
  ['reinitialize', (c) => c.reinitialize(), 'initialize', expect.objectContaining({ claude_code_version: '2.1.329' })],
];

describe.each([
  [
    'query()',
    async () => {
      const fake = new FakeCliTransport({ autoInitialize: true, autoRespond });
      const run = query({ prompt: openInput() }, wiring.containerWith(fake));
      closers.push(() => run.return());
      return { controls: run as unknown as LiveControls, fake };
    },
  ],
  [
    'ClaudeClient',
    async () => {
      const fake = new FakeCliTransport({ autoInitialize: true, autoRespond });
      const client = new ClaudeClient({}, wiring.containerWith(fake));
      closers.push(() => client.close());
      await client.connect();
      return { controls: client as LiveControls, fake };
    },
  ],
])('%s live controls', (_name, open) => {
  it.each(calls)(
    '%s writes its request and resolves with the mapped answer',
    async (_method, call, subtype, expected) => {
      const { controls, fake } = await open();
      await fake.waitForControlRequest('initialize');
      expect(await call(controls)).toEqual(expected);
      const sent = fake.sent.filter((message) => message.type === 'control_request').slice(1);
      expect(sent.map((message) => (message.request as { subtype: string }).subtype)).toEqual(
        subtype === undefined ? [] : [subtype],
      );
    },
  );
});

describe('query() controls', () => {
  it('an error answer rejects with ControlRequestError carrying errorCode; the query goes on', async () => {
    const fake = new FakeCliTransport({
      autoInitialize: true,
      autoRespond: { mcp_status: () => ({ mcpServers: [] }) },
    });
    const run = query({ prompt: openInput() }, wiring.containerWith(fake));
    closers.push(() => run.return());
    const failing = run.setPermissionMode('bogus' as 'plan');
    const request = await fake.waitForControlRequest('set_permission_mode');
    fake.respondError(request.request_id, 'Cannot set permission mode: must be one of ...', 'invalid_mode');
    const error = await failing.catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    expect((error as ControlRequestError).errorCode).toBe('invalid_mode');
    await expect(run.mcpServerStatus()).resolves.toEqual([]);
  });

  it('initializationResult() is the first initialize answer; streamInput() ends the input once its turns are answered', async () => {
    const fake = new FakeCliTransport({ autoInitialize: { claude_code_version: '9.9.9' } });
    const run = query({ prompt: openInput() }, wiring.containerWith(fake));
    closers.push(() => run.return());
    expect((await run.initializationResult()).claude_code_version).toBe('9.9.9');
    async function* more(): AsyncGenerator<SDKUserMessage> {
      yield { type: 'user', message: { role: 'user', content: 'more' }, parent_tool_use_id: null };
    }
    await run.streamInput(more());
    const user = await fake.nextSent((message) => message.type === 'user');
    expect((user.message as { content: unknown }).content).toBe('more');
    expect(fake.state.inputEnded).toBe(false);
    fake.emit(resultMessage({ result: 'ok', session_id: 's' }));
    await expect.poll(() => fake.state.inputEnded).toBe(true);
  });

  it('close() returns at once; the iterator ends, later calls reject with AbortError and readFile() gives null', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query({ prompt: openInput() }, wiring.containerWith(fake));
    await run.initializationResult();
    const pending = run.getContextUsage();
    await fake.waitForControlRequest('get_context_usage');
    run.close();
    await run[Symbol.asyncDispose]();
    expect(fake.state.closed).toBe(true);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    await expect(run.next()).resolves.toEqual({ value: undefined, done: true });
    await expect(run.interrupt()).rejects.toBeInstanceOf(AbortError);
    await expect(run.stopTask('t')).rejects.toBeInstanceOf(AbortError);
    await expect(run.readFile('a.txt')).resolves.toBeNull();
  });

  it('setMcpServers() serves an added createSdkMcpServer over mcp_message and refuses a removed one', async () => {
    const calc = (name: string) =>
      createSdkMcpServer({
        name,
        version: '1.0.0',
        tools: [
          tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
            content: [{ type: 'text', text: String(a + b) }],
          })),
        ],
      });
    const fake = new FakeCliTransport({
      autoInitialize: true,
      autoRespond: { mcp_set_servers: () => ({ added: ['calc2'], removed: ['calc'], errors: {} }) },
    });
    const run = query(
      { prompt: openInput(), options: { mcpServers: { calc: calc('calc') } } },
      wiring.containerWith(fake),
    );
    closers.push(() => run.return());
    await run.initializationResult();
    expect(await run.setMcpServers({ calc2: calc('calc2') })).toEqual({
      added: ['calc2'],
      removed: ['calc'],
      errors: {},
    });
    const request = await fake.waitForControlRequest('mcp_set_servers');
    expect(request.request).toEqual({ subtype: 'mcp_set_servers', servers: { calc2: { type: 'sdk', name: 'calc2' } } });

    const handshake = await fake.emitControlRequest('mcp_message', {
      server_name: 'calc2',
      message: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'claude-code', version: '2.1.329' },
        },
      },
    });
    expect(handshake).toMatchObject({
      subtype: 'success',
      response: { mcp_response: { id: 0, result: { serverInfo: { name: 'calc2' } } } },
    });
    const listed = await fake.emitControlRequest('mcp_message', {
      server_name: 'calc2',
      message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(listed).toMatchObject({
      response: { mcp_response: { id: 1, result: { tools: [expect.objectContaining({ name: 'add' })] } } },
    });
    const call = await fake.emitControlRequest('mcp_message', {
      server_name: 'calc2',
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 40, b: 2 } } },
    });
    expect(call).toMatchObject({
      response: { mcp_response: { id: 2, result: { content: [{ type: 'text', text: '42' }] } } },
    });
    const removed = await fake.emitControlRequest('mcp_message', {
      server_name: 'calc',
      message: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    });
    expect(removed).toEqual({
      subtype: 'error',
      request_id: expect.any(String),
      error: 'SDK MCP server not found: calc',
    });
  });
});

describe('ClaudeClient controls', () => {
  it('throw InvalidOptionError before connect()', () => {
    const client = new ClaudeClient({}, wiring.containerWith(new FakeCliTransport({ autoInitialize: true })));
    expect(() => client.getContextUsage()).toThrow(InvalidOptionError);
    expect(() => client.accountInfo()).toThrow(InvalidOptionError);
  });
});

describe('where the live controls are: on the immediate prototype, as on the official Query', () => {
  // A tracing wrapper copies a query's methods from Object.getPrototypeOf(query) (LangSmith's
  // wrapClaudeAgentSDK does); a control one level further up is lost to it.
  const copiedByAWrapper = (value: object) => Object.getOwnPropertyNames(Object.getPrototypeOf(value));

  it('query(): every control, next/return/throw and the iterator on one prototype whose parent is Object.prototype', () => {
    const fake = new FakeCliTransport({ autoInitialize: true, autoRespond });
    const run = query({ prompt: openInput() }, wiring.containerWith(fake));
    closers.push(() => run.return());
    const prototype = Object.getPrototypeOf(run) as object;
    expect(copiedByAWrapper(run)).toEqual(
      expect.arrayContaining([...QUERY_CONTROL_NAMES, 'next', 'return', 'throw', 'close', 'streamInput']),
    );
    expect(Object.hasOwn(prototype, Symbol.asyncIterator)).toBe(true);
    expect(Object.getPrototypeOf(prototype)).toBe(Object.prototype);
    expect(Object.keys(prototype)).toEqual([]);
  });

  it("ClaudeClient: every control and the client's own methods on its prototype, as the Python SDK's ClaudeSDKClient", () => {
    const client = new ClaudeClient({}, wiring.containerWith(new FakeCliTransport({ autoInitialize: true })));
    const prototype = Object.getPrototypeOf(client) as object;
    expect(copiedByAWrapper(client)).toEqual(
      expect.arrayContaining([
        ...QUERY_CONTROL_NAMES,
        'connect',
        'query',
        'receiveMessages',
        'receiveResponse',
        'close',
      ]),
    );
    expect(Object.getPrototypeOf(prototype)).toBe(Object.prototype);
    expect(Object.keys(prototype)).toEqual([]);
    expect(() => client.interrupt()).toThrow(InvalidOptionError);
  });
});
