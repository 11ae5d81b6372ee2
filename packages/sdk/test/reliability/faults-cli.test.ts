/**
 * Faults of the CLI process and bad input from it, through the public `query()` and
 * `ClaudeClient`, with stand-in CLIs run as real processes. Each fault ends in a typed error or
 * a documented recovery: never a hang, an unhandled rejection, a crashed process or lost messages.
 */
import { join } from 'node:path';
import {
  ClaudeClient,
  ControlTimeoutError,
  createSdkMcpServer,
  MessageTooLargeError,
  ProcessError,
  query,
  type SDKMessage,
  tool,
} from '@hexagent/sdk';
// A stand-in CLI is a child of this process: a zombie left after the SDK said it was stopped is a CLI
// whose exit the SDK did not wait for, so `processExists` (a zombie counts), not `isRunning`.
import { processExists } from '@hexagent/testing';
import type { StandInScenario, StandInStep } from '@hexagent/testing/stand-in-cli';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, scope, standInCli, within } from './faults-helpers.js';

afterEach(() => scope.cleanup());

function client(options: ConstructorParameters<typeof ClaudeClient>[0]): ClaudeClient {
  const created = new ClaudeClient(options);
  scope.defer(() => created.close());
  return created;
}

const types = (messages: SDKMessage[]) => messages.map((message) => message.type);

/** A JSON-RPC `tools/call` of `name` with no arguments, as the CLI sends it in an `mcp_message`. */
const callTool = (name: string, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

describe('the CLI exits or is killed', () => {
  it('at startup, with a non-zero code: ProcessError with the code and the stderr tail', async () => {
    const cli = standInCli({ onStart: [{ stderr: 'fatal: cannot read settings.json\n' }, { exit: 2 }] });
    const { messages, error } = await within(
      drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })),
      10_000,
      'query',
    );
    expect(messages).toEqual([]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(2);
    expect((error as ProcessError).stderrTail).toContain('fatal: cannot read settings.json');

    const connecting = client({ pathToClaudeCodeExecutable: cli.path }).connect();
    const connectError = await within(connecting, 10_000, 'connect()').catch((caught: unknown) => caught);
    expect(ProcessError.isInstance(connectError)).toBe(true);
    expect((connectError as ProcessError).exitCode).toBe(2);
    expect((connectError as ProcessError).stderrTail).toContain('cannot read settings.json');
  });

  it('mid-stream: the messages before it, then ProcessError with the code and the stderr tail', async () => {
    const cli = standInCli({
      onUser: [{ assistant: 'one' }, { assistant: 'two' }, { stderr: 'panic: lost the plot\n' }, { exit: 3 }],
    });
    const { messages, error } = await within(
      drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })),
      10_000,
      'query',
    );
    expect(types(messages)).toEqual(['assistant', 'assistant']);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(3);
    expect((error as ProcessError).stderrTail).toContain('panic: lost the plot');
    expect(processExists(cli.pid())).toBe(false);
  });

  it("mid-tool-call: the handler's signal aborts and the user sees ProcessError with the code and stderr", async () => {
    const cli = standInCli({
      onUser: [
        { request: 'mcp_message', payload: { server_name: 'work', message: callTool('long') }, wait: false },
        { waitForFile: 'handler-started' },
        { stderr: 'segfault while the tool ran\n' },
        { exit: 4 },
      ],
    });
    const started = join(cli.dir, 'handler-started');
    let handlerSignal: AbortSignal | undefined;
    let finished: Promise<{ error: unknown }> = Promise.resolve({ error: undefined });
    const aborted = new Promise<void>((resolve) => {
      const work = createSdkMcpServer({
        name: 'work',
        tools: [
          tool('long', 'Runs until cancelled', {}, async (_args, { signal }) => {
            handlerSignal = signal;
            signal.addEventListener('abort', () => resolve(), { once: true });
            const { writeFileSync } = await import('node:fs');
            writeFileSync(started, '');
            await new Promise(() => {});
            return { content: [] };
          }),
        ],
      });
      finished = drain(
        query({
          prompt: 'work',
          options: {
            pathToClaudeCodeExecutable: cli.path,
            mcpServers: { work },
          },
        }),
      );
    });
    await within(aborted, 10_000, "the handler's signal");
    expect(handlerSignal?.aborted).toBe(true);
    const outcome = await within(finished, 10_000, 'query');
    expect(ProcessError.isInstance(outcome.error)).toBe(true);
    expect((outcome.error as ProcessError).exitCode).toBe(4);
    expect((outcome.error as ProcessError).stderrTail).toContain('segfault while the tool ran');
  });

  it('killed by a signal: the messages before it, then ProcessError naming the signal', async () => {
    const cli = standInCli({ onUser: [{ assistant: 'about to die' }, { sleep: 20 }, { kill: 'SIGKILL' }] });
    const { messages, error } = await within(
      drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })),
      10_000,
      'query',
    );
    expect(types(messages)).toEqual(['assistant']);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).signal).toBe('SIGKILL');
    expect((error as ProcessError).exitCode).toBeUndefined();
  });
});

describe('the CLI never answers initialize', () => {
  it('query(): ControlTimeoutError after controlRequestTimeoutMs, and the process is stopped', async () => {
    const cli = standInCli({ initialize: { answer: 'none' } });
    const started = Date.now();
    const { messages, error } = await within(
      drain(
        query({
          prompt: 'hi',
          options: { pathToClaudeCodeExecutable: cli.path, controlRequestTimeoutMs: 300 },
        }),
      ),
      10_000,
      'query',
    );
    expect(messages).toEqual([]);
    expect(ControlTimeoutError.isInstance(error)).toBe(true);
    expect((error as ControlTimeoutError).subtype).toBe('initialize');
    expect((error as ControlTimeoutError).timeoutMs).toBe(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(cli.pid()).toBeDefined();
    expect(processExists(cli.pid())).toBe(false);
  });

  it('ClaudeClient.connect(): rejects with ControlTimeoutError, and the process is stopped', async () => {
    const cli = standInCli({ initialize: { answer: 'none' } });
    const claude = client({ pathToClaudeCodeExecutable: cli.path, controlRequestTimeoutMs: 300 });
    const error = await within(claude.connect(), 10_000, 'connect()').catch((caught: unknown) => caught);
    expect(ControlTimeoutError.isInstance(error)).toBe(true);
    expect(claude.isConnected).toBe(false);
    expect(processExists(cli.pid())).toBe(false);
  });
});

describe('bad output from the CLI', () => {
  it.each([
    ['a line that is not JSON', [{ write: '{"type":"assistant", this is not json\n' }]],
    ['a JSON value that is not an object', [{ write: '[1,2,3]\n' }]],
    ['a plain text line', [{ write: 'Debugger listening on ws://127.0.0.1:9229\n' }]],
  ] satisfies [string, StandInStep[]][])(
    '%s: skipped, as the official SDK skips it; the turn goes on to its result',
    async (_name, fault) => {
      const cli = standInCli({
        onUser: [{ assistant: 'before the line' }, ...fault, { assistant: 'after it' }, { result: 'done' }],
      });
      const { messages, error } = await within(
        drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })),
        10_000,
        'query',
      );
      expect(error).toBeUndefined();
      expect(types(messages)).toEqual(['assistant', 'assistant', 'result']);
    },
  );

  it('a line cut mid-object, then EOF: skipped; the exit ends the query', async () => {
    const cli = standInCli({
      onUser: [
        { assistant: 'before the fault' },
        { write: '{"type":"assistant","message":{"content":[{"type":"te' },
        { exit: 0 },
      ],
    });
    const { messages } = await within(
      drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } })),
      10_000,
      'query',
    );
    expect(types(messages)).toEqual(['assistant']);
    expect(processExists(cli.pid())).toBe(false);
  });

  it('a line over maxMessageBytes: the messages before it, then MessageTooLargeError; the CLI is stopped', async () => {
    const cli = standInCli({
      // The minimal answer: capture 01's answer to initialize is itself a line over 4 KiB.
      initialize: { answer: 'minimal' },
      onUser: [{ assistant: 'small' }, { assistant: 'x'.repeat(10000) }, { hang: true }],
    });
    const { messages, error } = await within(
      drain(
        query({
          prompt: 'hi',
          options: { pathToClaudeCodeExecutable: cli.path, maxMessageBytes: 4096 },
        }),
      ),
      10_000,
      'query',
    );
    expect(types(messages)).toEqual(['assistant']);
    expect(MessageTooLargeError.isInstance(error)).toBe(true);
    expect((error as MessageTooLargeError).maxBytes).toBe(4096);
    expect(processExists(cli.pid())).toBe(false);
  });

  it('empty and blank lines are ignored', async () => {
    const cli = standInCli({
      onUser: [{ write: '\n\n   \n\r\n' }, { assistant: 'after blank lines' }, { write: '\n' }, { result: 'done' }],
    });
    const { messages, error } = await drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } }));
    expect(error).toBeUndefined();
    expect(types(messages)).toEqual(['assistant', 'result']);
  });

  it('an unknown message type reaches the user untouched', async () => {
    const future = {
      type: 'x_future_event',
      subtype: 'never_seen',
      nested: { list: [1, 'two', { three: null }], flag: false },
      'odd key': 'ünïcödé 😀',
    };
    const cli = standInCli({ onUser: [{ send: future }, { result: 'done' }] });
    const { messages, error } = await drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } }));
    expect(error).toBeUndefined();
    expect(messages[0]).toEqual(future);
    expect(types(messages)).toEqual(['x_future_event', 'result']);
  });

  it('a control response for an unknown request id is ignored, and the session goes on', async () => {
    const cli = standInCli({
      onUser: [
        {
          send: {
            type: 'control_response',
            response: { subtype: 'success', request_id: 'never-sent', response: { x: 1 } },
          },
        },
        {
          send: { type: 'control_response', response: { subtype: 'error', request_id: 'never-sent-2', error: 'nope' } },
        },
        { send: { type: 'control_response' } },
        { assistant: 'still here' },
        { result: 'done' },
      ],
    });
    const { messages, error } = await drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } }));
    expect(error).toBeUndefined();
    expect(types(messages)).toEqual(['assistant', 'result']);
  });

  it('a control request with an unknown subtype is answered with an error, and the session goes on', async () => {
    const cli = standInCli({
      onUser: [
        { request: 'teleport', payload: { destination: 'mars' }, id: 'fake_cli_1', reportAs: 'fake_cli_report' },
        { result: 'done' },
      ],
    });
    const { messages, error } = await drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path } }));
    expect(error).toBeUndefined();
    expect(types(messages)).toEqual(['fake_cli_report', 'result']);
    expect((messages[0] as unknown as { answer: unknown }).answer).toEqual({
      subtype: 'error',
      request_id: 'fake_cli_1',
      error: 'Unsupported control request subtype: teleport',
      error_code: 'unsupported_request',
    });
  });

  it('an mcp_message for an unknown server is answered with JSON-RPC -32601, and the session goes on', async () => {
    const cli = standInCli({
      onUser: [
        {
          request: 'mcp_message',
          payload: { server_name: 'ghost', message: callTool('boo', 7) },
          reportAs: 'fake_cli_report',
        },
        { result: 'done' },
      ],
    });
    const calc = createSdkMcpServer({ name: 'calc', tools: [] });
    const { messages, error } = await drain(
      query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path, mcpServers: { calc } } }),
    );
    expect(error).toBeUndefined();
    const answer = (messages[0] as unknown as { answer: { subtype: string; response: { mcp_response: unknown } } })
      .answer;
    expect(answer.subtype).toBe('success');
    expect(answer.response.mcp_response).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'Unknown MCP server: ghost' },
    });
    expect(types(messages)).toEqual(['fake_cli_report', 'result']);
  });
});

describe('the CLI closes its pipes while we write (EPIPE)', () => {
  /** Answers initialize and the first prompt, then closes stdin and stdout and lingers. */
  const CLOSES_PIPES: StandInScenario = {
    onUser: [
      { result: 'first turn' },
      { sleep: 20 },
      { close: ['stdin', 'stdout'] },
      { touch: 'pipes-closed' },
      { hang: true },
    ],
    onEnd: [],
  };

  it('ClaudeClient.query(): rejects with ProcessError; no crash; close() stops the process', async () => {
    const cli = standInCli(CLOSES_PIPES);
    const closed = join(cli.dir, 'pipes-closed');
    const claude = client({ pathToClaudeCodeExecutable: cli.path });
    await claude.connect();
    await claude.query('first');
    const first: string[] = [];
    for await (const message of claude.receiveResponse()) first.push(message.type);
    expect(first).toEqual(['result']);
    await within(waitForFile(closed), 5_000, 'the stand-in CLI closing its pipes');
    const error = await claude.query('second').catch((caught: unknown) => caught);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('input is closed');
    // The session is over: reading ends with the same error instead of waiting for a reply.
    const reading = await within(drain(claude.receiveMessages()), 5_000, 'receiveMessages()');
    expect(ProcessError.isInstance(reading.error)).toBe(true);
    await within(claude.close(), 10_000, 'close()');
    expect(processExists(cli.pid())).toBe(false);
  });

  it('while a tool handler runs: its answer cannot be written, so the stream throws ProcessError', async () => {
    const cli = standInCli({
      onUser: [
        { request: 'mcp_message', payload: { server_name: 'work', message: callTool('slow') }, wait: false },
        { waitForFile: 'handler-started' },
        { close: ['stdin', 'stdout'] },
        { touch: 'pipes-closed' },
        { hang: true },
      ],
      onEnd: [],
    });
    const started = join(cli.dir, 'handler-started');
    const closed = join(cli.dir, 'pipes-closed');
    const work = createSdkMcpServer({
      name: 'work',
      tools: [
        tool('slow', 'Finishes after the CLI went away', {}, async () => {
          const { writeFileSync } = await import('node:fs');
          writeFileSync(started, '');
          await waitForFile(closed);
          return { content: [{ type: 'text', text: 'nobody will read this' }] };
        }),
      ],
    });
    const { error } = await within(
      drain(
        query({
          prompt: 'work',
          options: {
            pathToClaudeCodeExecutable: cli.path,
            mcpServers: { work },
          },
        }),
      ),
      15_000,
      'query',
    );
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('input is closed');
    expect(processExists(cli.pid())).toBe(false);
  });

  it('query() with a streamed prompt: the stream throws ProcessError and the process is stopped', async () => {
    const cli = standInCli(CLOSES_PIPES);
    const closed = join(cli.dir, 'pipes-closed');
    async function* prompts() {
      yield { type: 'user' as const, message: { role: 'user' as const, content: 'first' } };
      await waitForFile(closed);
      yield { type: 'user' as const, message: { role: 'user' as const, content: 'second' } };
    }
    const { messages, error } = await within(
      drain(
        query({
          prompt: prompts(),
          options: { pathToClaudeCodeExecutable: cli.path },
        }),
      ),
      15_000,
      'query',
    );
    expect(types(messages)).toEqual(['result']);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect(processExists(cli.pid())).toBe(false);
  });
});

async function waitForFile(path: string): Promise<void> {
  const { existsSync } = await import('node:fs');
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 10));
}
