/**
 * Faults of the user's own code, through the public `query()`: tool handlers, hook callbacks and
 * `canUseTool` callbacks that throw (anything, not only Errors), return nonsense or never settle, and
 * a prompt iterator that throws. What the model, the user and the CLI see is checked against the
 * real CLI where the CLI's reaction matters, and on the in-memory fake CLI where it does not.
 */
import {
  createContainer,
  createSdkMcpServer,
  type HookCallback,
  type Options,
  query,
  type SDKMessage,
  type SDKUserMessageInput,
  tool,
} from '@hexagent/sdk';
import {
  FakeCliTransport,
  fakeCliWiring,
  processExists,
  resultMessage,
  results,
  resultText,
  text,
  toolUse,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drain, scope, standInCli, within } from './faults-helpers.js';

const wiring = fakeCliWiring(createContainer);
afterEach(async () => {
  await scope.cleanup();
  await wiring.closeAll();
});

const onFakeCli = (fake: FakeCliTransport) => wiring.containerWith(fake);
const RESULT = resultMessage();

const toolsCall = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

/** One script: the model calls `mcp__<server>__<tool>` once, then answers "done". */
function callsOnce(name: string, id = 'toolu_1') {
  return [{ content: [toolUse(name, { a: 1, b: 2 }, id)] }, { content: [text('done')] }];
}

describe('tool handlers', () => {
  it.each([
    ['throws a string', () => Promise.reject('quota exceeded (a string)'), 'quota exceeded (a string)'],
    ['throws an object', () => Promise.reject({ code: 'E_QUOTA' }), '{"code":"E_QUOTA"}'],
    ['throws undefined', () => Promise.reject(undefined), 'undefined'],
    ['returns undefined', async () => undefined, 'returned an invalid result'],
    ['returns a string', async () => 'forty-two', 'returned an invalid result'],
  ])('a handler that %s gives the CLI an isError result; the session goes on', async (_name, handler, expected) => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const faulty = createSdkMcpServer({ name: 'faulty', tools: [tool('work', 'Work', {}, handler as never)] });
    const run = query({ prompt: 'go', options: { mcpServers: { faulty } } }, onFakeCli(fake));
    const answer = await fake.emitControlRequest('mcp_message', {
      server_name: 'faulty',
      message: toolsCall(3, 'work'),
    });
    expect(answer.subtype).toBe('success');
    const response = (
      answer as unknown as { response: { mcp_response: { id: number; result: Record<string, unknown> } } }
    ).response.mcp_response;
    expect(response.id).toBe(3);
    expect(response.result.isError).toBe(true);
    expect(JSON.stringify(response.result.content)).toContain(JSON.stringify(expected).slice(1, -1));
    fake.emit(RESULT);
    fake.finish();
    const { messages, error } = await within(drain(run), 5_000, 'query');
    expect(error).toBeUndefined();
    expect(messages.map((message) => message.type)).toEqual(['result']);
  });

  it('a handler that throws a string: the real CLI hands the model an error result naming it', async () => {
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [tool('add', 'Add', { a: z.number(), b: z.number() }, () => Promise.reject('adder on fire'))],
    });
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await drain(
      query({ prompt: 'add', options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] } }),
    );
    expect(error).toBeUndefined();
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('adder on fire');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  it("a handler that never settles ends at the server's toolTimeoutMs: aborted signal, error result, session goes on", async () => {
    let handlerSignal: AbortSignal | undefined;
    const calc = createSdkMcpServer({
      name: 'calc',
      toolTimeoutMs: 300,
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, (_args, { signal }) => {
          handlerSignal = signal;
          return new Promise(() => {});
        }),
      ],
    });
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await within(
      drain(
        query({
          prompt: 'add',
          options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
        }),
      ),
      20_000,
      'query',
    );
    expect(error).toBeUndefined();
    expect(handlerSignal?.aborted).toBe(true);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('Tool "add" timed out after 300 ms');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });
});

describe('hook callbacks against the real CLI', () => {
  function hooked(hook: HookCallback, extra: Partial<Options> & { onFailure?: 'continue' | 'block' } = {}) {
    const calls: number[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          calls.push(a + b);
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    const { onFailure, ...rest } = extra;
    const options: Options = {
      mcpServers: { calc },
      allowedTools: ['mcp__calc__add'],
      hooks: {
        PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [hook], ...(onFailure === undefined ? {} : { onFailure }) }],
      },
      ...rest,
    };
    return { calls, options };
  }

  const failedHookNotice = (messages: SDKMessage[]) =>
    messages.find(
      (message) => message.type === 'system' && (message as { tag?: unknown }).tag === 'hook_callback_failed',
    );

  it('one that throws: the user gets a hook_callback_failed notice and the tool runs (onFailure "continue")', async () => {
    const { calls, options } = hooked(() => Promise.reject('hook exploded (a string)'));
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await drain(query({ prompt: 'add', options: { ...options, env: harness.env } }));
    expect(error).toBeUndefined();
    expect(failedHookNotice(messages)).toBeDefined();
    expect(calls).toEqual([3]);
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  it('one that throws with onFailure "block": the tool does not run and the model is told', async () => {
    const { calls, options } = hooked(
      async () => {
        throw new Error('policy engine down');
      },
      { onFailure: 'block' },
    );
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await drain(query({ prompt: 'add', options: { ...options, env: harness.env } }));
    expect(error).toBeUndefined();
    expect(calls).toEqual([]);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('onFailure is "block"');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  it('one that never settles: at hookTimeoutMs the CLI withdraws it (its signal aborts) and skips the tool', async () => {
    let hookSignal: AbortSignal | undefined;
    const { calls, options } = hooked(
      (_input, _id, { signal }) => {
        hookSignal = signal;
        return new Promise(() => {});
      },
      { hookTimeoutMs: 1_500 },
    );
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const started = Date.now();
    const { messages, error } = await within(
      drain(query({ prompt: 'add', options: { ...options, env: harness.env } })),
      20_000,
      'query',
    );
    expect(error).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(hookSignal?.aborted).toBe(true);
    expect(calls).toEqual([]);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('did not respond before its timeout');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });
});

describe('canUseTool callbacks against the real CLI', () => {
  function guarded(canUseTool: NonNullable<Options['canUseTool']>, extra: Partial<Options> = {}) {
    const calls: number[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          calls.push(a + b);
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    return { calls, options: { mcpServers: { calc }, canUseTool, ...extra } satisfies Options };
  }

  it('one that throws a non-Error: the call is denied and the model gets its text', async () => {
    const { calls, options } = guarded(() => Promise.reject({ reason: 'policy unreachable' }));
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await drain(query({ prompt: 'add', options: { ...options, env: harness.env } }));
    expect(error).toBeUndefined();
    expect(calls).toEqual([]);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('Permission callback failed: {"reason":"policy unreachable"}');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  it('one that never settles: denied after permissionTimeoutMs, its signal aborted; the model gets the deny message', async () => {
    let callbackSignal: AbortSignal | undefined;
    const { calls, options } = guarded(
      (_name, _input, { signal }) => {
        callbackSignal = signal;
        return new Promise(() => {});
      },
      { permissionTimeoutMs: 500 },
    );
    const harness = await scope.startCliHarness(callsOnce('mcp__calc__add'));
    const { messages, error } = await within(
      drain(query({ prompt: 'add', options: { ...options, env: harness.env } })),
      20_000,
      'query',
    );
    expect(error).toBeUndefined();
    expect(calls).toEqual([]);
    expect(callbackSignal?.aborted).toBe(true);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('canUseTool did not answer within 500 ms');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });
});

describe('a prompt iterator that throws', () => {
  const failure = new Error('the prompt source broke');

  /** Yields one prompt, then throws once `answered` (the first result reached the consumer). */
  async function* brokenPrompts(answered: Promise<void>): AsyncGenerator<SDKUserMessageInput> {
    yield { type: 'user', message: { role: 'user', content: 'first' } };
    await answered;
    throw failure;
  }

  /** A promise resolved by the consumer's first `result`, and the `onMessage` that resolves it. */
  function firstResult(): { answered: Promise<void>; onMessage: (message: SDKMessage) => void } {
    let resolve: () => void = () => {};
    const answered = new Promise<void>((done) => (resolve = done));
    return { answered, onMessage: (message) => message.type === 'result' && resolve() };
  }

  it('makes the message stream throw that very error, after the messages before it; the CLI is closed', async () => {
    const fake = new FakeCliTransport({
      autoInitialize: true,
      onSend: (message, cli) => {
        if (message.type === 'user') cli.emit({ ...RESULT, result: 'first answered' });
      },
    });
    const { answered, onMessage } = firstResult();
    const { messages, error } = await within(
      drain(query({ prompt: brokenPrompts(answered) }, onFakeCli(fake)), onMessage),
      5_000,
      'query',
    );
    expect(messages.map((message) => message.type)).toEqual(['result']);
    expect(error).toBe(failure);
    expect(fake.state.closed).toBe(true);
  });

  it('stops the CLI process', async () => {
    const cli = standInCli({ onUser: [{ result: 'first answered' }] });
    const { answered, onMessage } = firstResult();
    const { messages, error } = await within(
      drain(query({ prompt: brokenPrompts(answered), options: { pathToClaudeCodeExecutable: cli.path } }), onMessage),
      10_000,
      'query',
    );
    expect(messages.map((message) => message.type)).toEqual(['result']);
    expect(error).toBe(failure);
    expect(cli.pid()).toBeDefined();
    expect(processExists(cli.pid())).toBe(false);
  });
});
