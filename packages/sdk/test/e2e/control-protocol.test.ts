import { spawn } from 'node:child_process';
import { AsyncQueue } from '@hexagent/core';
import {
  ClaudeClient,
  ControlRequestError,
  createSdkMcpServer,
  type HookInput,
  type InitializeResponse,
  type PostToolUseHookInput,
  type PreToolUseHookInput,
  query,
  type SDKMessage,
  type SDKUserMessageInput,
  type SpawnOptions,
  tool,
} from '@hexagent/sdk';
import {
  apiError,
  collect,
  hermeticCliEnv,
  type ModelScript,
  results,
  resultText,
  ScriptedModelServer,
  TestScope,
  text,
  toolUse,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const scope = new TestScope();
afterEach(() => scope.cleanup());

function userTurn(content: string): SDKUserMessageInput {
  return { type: 'user', message: { role: 'user', content } };
}

/** A calculator whose handler records what it received. */
function recordingCalc(calls: Array<Record<string, unknown>>) {
  return createSdkMcpServer({
    name: 'calc',
    tools: [
      tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: String(args.a + args.b) }] };
      }),
    ],
  });
}

describe('canUseTool against the real CLI', () => {
  it('deny: the handler does not run and the deny message reaches the model', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const asked: Array<{ toolName: string; input: Record<string, unknown>; toolUseID: string }> = [];
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_deny')] },
      { content: [text('ok, not allowed')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'add',
        options: {
          env: harness.env,
          mcpServers: { calc: recordingCalc(calls) },
          canUseTool: async (toolName, input, { toolUseID, signal }) => {
            expect(signal.aborted).toBe(false);
            asked.push({ toolName, input, toolUseID });
            return { behavior: 'deny', message: 'not today, says policy 42' };
          },
        },
      }),
    );
    expect(asked).toEqual([{ toolName: 'mcp__calc__add', input: { a: 15, b: 27 }, toolUseID: 'toolu_deny' }]);
    expect(calls).toEqual([]);
    const [seen] = harness.server.toolResults();
    expect(seen?.is_error).toBe(true);
    expect(resultText(seen?.content)).toContain('not today, says policy 42');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  it('allow with updatedInput: the handler receives the changed input', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] },
      { content: [text('done')] },
    ]);
    await collect(
      query({
        prompt: 'add',
        options: {
          env: harness.env,
          mcpServers: { calc: recordingCalc(calls) },
          canUseTool: async (_toolName, input) => ({
            behavior: 'allow',
            updatedInput: { ...input, b: 100 },
          }),
        },
      }),
    );
    expect(calls).toEqual([{ a: 1, b: 100 }]);
    expect(resultText(harness.server.toolResults()[0]?.content)).toBe('101');
  });

  it('a throwing callback denies with its message', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] },
      { content: [text('k')] },
    ]);
    await collect(
      query({
        prompt: 'add',
        options: {
          env: harness.env,
          mcpServers: { calc: recordingCalc(calls) },
          canUseTool: async () => {
            throw new Error('policy service unavailable');
          },
        },
      }),
    );
    expect(calls).toEqual([]);
    expect(resultText(harness.server.toolResults()[0]?.content)).toContain('policy service unavailable');
  });
});

describe('hooks against the real CLI', () => {
  it('a PreToolUse hook with a matcher sees the call and can deny it; PostToolUse sees the response', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const pre: Array<{ input: PreToolUseHookInput; toolUseID: string | undefined }> = [];
    const post: PostToolUseHookInput[] = [];
    const harness = await scope.startCliHarness([
      {
        content: [
          toolUse('mcp__calc__add', { a: 2, b: 2 }, 'toolu_allowed'),
          toolUse('mcp__calc__add', { a: 13, b: 13 }, 'toolu_blocked'),
        ],
      },
      { content: [text('hooks done')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'hooks',
        options: {
          env: harness.env,
          mcpServers: { calc: recordingCalc(calls) },
          allowedTools: ['mcp__calc__add'],
          hooks: {
            PreToolUse: [
              {
                matcher: 'mcp__calc__.*',
                hooks: [
                  async (input: HookInput, toolUseID) => {
                    const event = input as PreToolUseHookInput;
                    pre.push({ input: event, toolUseID });
                    if ((event.tool_input as { a?: unknown }).a === 13) {
                      return {
                        hookSpecificOutput: {
                          hookEventName: 'PreToolUse',
                          permissionDecision: 'deny',
                          permissionDecisionReason: 'unlucky number',
                        },
                      };
                    }
                    return { continue: true };
                  },
                ],
              },
              // A matcher that never matches must not be called.
              { matcher: 'Bash', hooks: [async () => ({ decision: 'block', reason: 'never' })] },
            ],
            PostToolUse: [
              {
                hooks: [
                  async (input: HookInput) => {
                    post.push(input as PostToolUseHookInput);
                    return {};
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    expect(pre.map((entry) => entry.toolUseID).sort()).toEqual(['toolu_allowed', 'toolu_blocked']);
    expect(pre.every((entry) => entry.input.hook_event_name === 'PreToolUse')).toBe(true);
    expect(pre.every((entry) => entry.input.tool_name === 'mcp__calc__add')).toBe(true);
    expect(calls).toEqual([{ a: 2, b: 2 }]);
    const blocked = harness.server.toolResults().find((result) => result.tool_use_id === 'toolu_blocked');
    expect(blocked?.is_error).toBe(true);
    expect(resultText(blocked?.content)).toContain('unlucky number');
    expect(post).toHaveLength(1);
    expect(post[0]?.tool_use_id).toBe('toolu_allowed');
    expect(JSON.stringify(post[0]?.tool_response)).toContain('4');
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });
});

describe('streaming input and live controls against the real CLI', () => {
  it('two user turns through one streaming query give two results in one process', async () => {
    const harness = await scope.startCliHarness([
      { content: [text('first answer')] },
      { content: [text('second answer')] },
    ]);
    const input = new AsyncQueue<SDKUserMessageInput>();
    input.push(userTurn('first question'));
    const run = query({ prompt: input, options: { env: harness.env } });
    const seen: SDKMessage[] = [];
    let pid: number | undefined;
    for await (const message of run) {
      seen.push(message);
      if (message.type !== 'result') continue;
      const answer: InitializeResponse = await run.initializationResult();
      pid ??= answer.pid;
      if (results(seen).length === 1) {
        input.push(userTurn('second question'));
        input.end();
      }
    }
    expect(results(seen).map((result) => result.result)).toEqual(['first answer', 'second answer']);
    expect(typeof pid).toBe('number');
    // The second request carries the first turn: same process, same conversation.
    const second = JSON.stringify(harness.server.messageRequests[1]?.body.messages);
    expect(second).toContain('first question');
    expect(second).toContain('first answer');
    expect(second).toContain('second question');
  });

  it('ClaudeClient takes two turns, reports server info and MCP status, and changes permission mode', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 20, b: 22 })] },
      { content: [text('forty-two')] },
      { content: [text('still here')] },
    ]);
    const client = new ClaudeClient({
      env: harness.env,
      mcpServers: { calc: recordingCalc(calls) },
      allowedTools: ['mcp__calc__add'],
    });
    scope.defer(() => client.close());
    await client.connect();
    const info = await client.serverInfo();
    expect(info.claude_code_version).toMatch(/^\d+\.\d+\.\d+$/);

    const status = await client.mcpServerStatus();
    expect(status).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'calc', status: 'connected' })]));

    await client.query('add them');
    const first: SDKMessage[] = [];
    for await (const message of client.receiveResponse()) first.push(message);
    expect(results(first).at(-1)?.result).toBe('forty-two');
    expect(calls).toEqual([{ a: 20, b: 22 }]);

    await expect(client.setPermissionMode('acceptEdits')).resolves.toEqual({ mode: 'acceptEdits' });

    await client.query('are you there?');
    const second: SDKMessage[] = [];
    for await (const message of client.receiveResponse()) second.push(message);
    expect(results(second).at(-1)?.result).toBe('still here');
    await client.close();
    expect(client.isConnected).toBe(false);
  });

  it('interrupt() during a 20 s tool call ends the turn within seconds, aborts the handler, answers the cancelled call with nothing (as the official SDK), and the session goes on', async () => {
    const written: string[] = [];
    let handlerSignal: AbortSignal | undefined;
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    const slow = createSdkMcpServer({
      name: 'slow',
      tools: [
        tool('sleep', 'Sleep 20 s', {}, async (_args, extra) => {
          handlerSignal = extra.signal;
          handlerStarted();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 20_000);
            extra.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          return { content: [{ type: 'text', text: 'slept' }] };
        }),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__slow__sleep', {})] },
      { content: [text('after the interrupt')] },
    ]);
    const client = new ClaudeClient({
      env: harness.env,
      mcpServers: { slow },
      allowedTools: ['mcp__slow__sleep'],
      spawnClaudeCodeProcess: recordingSpawn(written),
    });
    scope.defer(() => client.close());
    await client.connect();
    await client.query('sleep');
    const turn = (async () => {
      const messages: SDKMessage[] = [];
      for await (const message of client.receiveResponse()) messages.push(message);
      return messages;
    })();
    await started;
    const before = Date.now();
    await client.interrupt();
    const interrupted = await turn;
    expect(Date.now() - before).toBeLessThan(5000);
    expect(results(interrupted)).toHaveLength(1);
    await expect.poll(() => handlerSignal?.aborted).toBe(true);

    await client.query('and now?');
    const next: SDKMessage[] = [];
    for await (const message of client.receiveResponse()) next.push(message);
    expect(results(next).at(-1)?.result).toBe('after the interrupt');
    // The CLI cancelled the call (notifications/cancelled, answered) and waited for no answer to it.
    const mcpAnswers = written.filter((line) => line.includes('"mcp_response"'));
    expect(mcpAnswers.some((line) => line.includes('"result":{},"id":0'))).toBe(true);
    expect(mcpAnswers.filter((line) => line.includes('-32800') || line.includes('slept'))).toEqual([]);
  });

  it('a failed setModel() rejects with the CLI message and the session goes on', async () => {
    const script: ModelScript = [{ content: [text('model unchanged')] }];
    const server = await ScriptedModelServer.start(script, {
      // The CLI validates a model with a small non-streaming request: make that one fail.
      sideTurn: () => apiError(404, 'not_found_error', 'model: no-such-model-9000'),
    });
    const hermetic = await hermeticCliEnv({ baseUrl: server.url });
    scope.defer(async () => {
      await server.close();
      await hermetic.cleanup();
    });
    const input = new AsyncQueue<SDKUserMessageInput>();
    const run = query({ prompt: input, options: { env: hermetic.env } });
    const error = await run.setModel('no-such-model-9000').catch((caught: unknown) => caught);
    expect(ControlRequestError.isInstance(error)).toBe(true);
    expect((error as ControlRequestError).subtype).toBe('set_model');
    expect((error as ControlRequestError).cliMessage.length).toBeGreaterThan(0);
    input.push(userTurn('still working?'));
    input.end();
    const messages = await collect(run);
    expect(results(messages).at(-1)?.result).toBe('model unchanged');
  });
});

describe('more live controls against the real CLI', () => {
  it('interrupt() works during start-up and during an API call; other controls answer', async () => {
    const harness = await scope.startCliHarness([
      { content: [text('slow answer')], delayMs: 3000 },
      { content: [text('next answer')] },
    ]);
    const input = new AsyncQueue<SDKUserMessageInput>();
    const run = query({ prompt: input, options: { env: harness.env } });
    // Start-up: the CLI has not answered initialize yet.
    // The CLI's receipt: no queued user message will still run.
    await expect(run.interrupt()).resolves.toEqual({ still_queued: [] });
    await expect(run.setMaxThinkingTokens(2048)).resolves.toBeUndefined();
    await expect(run.setMaxThinkingTokens(null)).resolves.toBeUndefined();
    expect((await run.supportedCommands()).length).toBeGreaterThan(0);
    expect((await run.supportedModels()).map((model) => model.value)).toContain('sonnet');

    input.push(userTurn('slow question'));
    const server = harness.server;
    await expect.poll(() => server.messageRequests.length, { timeout: 10_000 }).toBe(1);
    const before = Date.now();
    await run.interrupt();
    const iterator = run[Symbol.asyncIterator]();
    let message = (await iterator.next()).value as SDKMessage | undefined;
    while (message !== undefined && message.type !== 'result')
      message = (await iterator.next()).value as SDKMessage | undefined;
    // The 3 s model answer was cut short.
    expect(Date.now() - before).toBeLessThan(2500);
    expect(message?.type).toBe('result');

    input.push(userTurn('next question'));
    input.end();
    const rest: SDKMessage[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value);
    expect(results(rest).at(-1)?.result).toBe('next answer');
  });
});

describe('sessions and structured output against the real CLI', () => {
  it('resume continues a finished session: the model sees the earlier turns', async () => {
    const harness = await scope.startCliHarness([
      { content: [text('the secret word is aubergine')] },
      { content: [text('you asked about the secret')] },
    ]);
    const first = await collect(query({ prompt: 'remember a secret word', options: { env: harness.env } }));
    const sessionId = String(results(first)[0]?.session_id);
    expect(sessionId).toMatch(/[0-9a-f-]{36}/);

    const second = await collect(
      query({ prompt: 'what did I ask?', options: { env: harness.env, resume: sessionId } }),
    );
    expect(results(second).at(-1)?.result).toBe('you asked about the secret');
    const request = JSON.stringify(harness.server.messageRequests[1]?.body.messages);
    expect(request).toContain('remember a secret word');
    expect(request).toContain('the secret word is aubergine');
    expect(request).toContain('what did I ask?');
  });

  it('outputFormat yields structured_output on the result', async () => {
    const harness = await scope.startCliHarness([
      { content: [toolUse('StructuredOutput', { answer: 42, unit: 'apples' })] },
      { content: [text('done')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'how many?',
        options: {
          env: harness.env,
          outputFormat: {
            type: 'json_schema',
            schema: {
              type: 'object',
              properties: { answer: { type: 'number' }, unit: { type: 'string' } },
              required: ['answer', 'unit'],
            },
          },
        },
      }),
    );
    const result = results(messages).at(-1);
    expect(result?.subtype).toBe('success');
    expect(result?.structured_output).toEqual({ answer: 42, unit: 'apples' });
    const tools = (harness.server.messageRequests[0]?.body.tools ?? []) as Array<{
      name: string;
      input_schema?: unknown;
    }>;
    expect(tools.find((entry) => entry.name === 'StructuredOutput')?.input_schema).toMatchObject({
      required: ['answer', 'unit'],
    });
  });
});

/** A `spawnClaudeCodeProcess` that starts the CLI as the default spawn would and keeps every line written to it. */
function recordingSpawn(written: string[]) {
  return (options: SpawnOptions) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
    const child = spawn(options.command, options.args, { cwd: options.cwd, env, stdio: 'pipe' });
    options.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    const write = child.stdin.write.bind(child.stdin) as (
      chunk: string,
      callback?: (error?: Error | null) => void,
    ) => boolean;
    Object.assign(child.stdin, {
      write: (chunk: string, callback?: (error?: Error | null) => void) => {
        written.push(...chunk.split('\n').filter((line) => line !== ''));
        return write(chunk, callback);
      },
    });
    return child;
  };
}
