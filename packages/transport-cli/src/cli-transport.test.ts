import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import {
  AbortError,
  type InboundMessage,
  InvalidOptionError,
  JsonDecodeError,
  MessageTooLargeError,
  type Options,
} from '@hexagent/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  base64,
  collect,
  type FakeCliName,
  installFakeCli,
  installScriptCli,
  isAlive,
  makeTempDir,
  rejectionOf,
  removeTempDirs,
  waitFor,
  writeExecutable,
} from '../test/helpers/fake-cli.js';
import { BASE_CLI_ARGS } from './build-cli-args.js';
import { CliNotFoundError } from './cli-not-found-error.js';
import { CliTransport, type CliTransportSettings, createCliTransport } from './cli-transport.js';
import { ProcessError } from './process-error.js';

const transports: CliTransport[] = [];
const pids: number[] = [];

/** A transport over a fake CLI, closed (and checked to leave no process) after each test. */
function fake(name: FakeCliName, options: Options = {}, settings: CliTransportSettings = {}): CliTransport {
  const transport = new CliTransport({ pathToClaudeCodeExecutable: installFakeCli(name), ...options }, settings);
  transports.push(transport);
  return transport;
}

async function started(transport: CliTransport): Promise<CliTransport> {
  await transport.start();
  if (transport.pid !== undefined) pids.push(transport.pid);
  return transport;
}

function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  for (const pid of pids.splice(0)) expect(isAlive(pid)).toBe(false);
});

afterAll(() => {
  removeTempDirs();
});

describe('CliTransport.start', () => {
  it('spawns the CLI and opens', async () => {
    const transport = fake('scripted');
    expect(transport.isOpen).toBe(false);
    await started(transport);
    expect(transport.isOpen).toBe(true);
    expect(transport.pid).toBeTypeOf('number');
    expect(isAlive(transport.pid ?? -1)).toBe(true);
  });

  it('rejects a missing executable at once with CliNotFoundError naming it', async () => {
    const missing = join(makeTempDir(), 'no-such-claude');
    const transport = new CliTransport({ pathToClaudeCodeExecutable: missing });
    const startedAt = performance.now();
    const error = await rejectionOf(transport.start());
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([missing]);
    expect((error as Error).message).toContain(missing);
    expect((error as Error).message).toContain('npm install @anthropic-ai/claude-code');
    expect(transport.pid).toBeUndefined();
    expect(transport.isOpen).toBe(false);
  });

  it('rejects a file that is not executable with CliNotFoundError', async () => {
    const path = writeExecutable(join(makeTempDir(), 'claude'), '#!/bin/sh\necho hi\n', 0o644);
    const error = await rejectionOf(new CliTransport({ pathToClaudeCodeExecutable: path }).start());
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([path]);
  });

  it('maps an ENOENT from spawn (missing interpreter) to CliNotFoundError', async () => {
    const path = writeExecutable(join(makeTempDir(), 'claude'), '#!/nonexistent/interpreter\n');
    const startedAt = performance.now();
    const error = await rejectionOf(new CliTransport({ pathToClaudeCodeExecutable: path }).start());
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([path]);
    expect((error as Error).message).toContain('ENOENT');
  });

  it('ends a waiting messages() iteration with the start error', async () => {
    const transport = new CliTransport({ pathToClaudeCodeExecutable: join(makeTempDir(), 'missing') });
    const drained = collect(transport.messages());
    await rejectionOf(transport.start());
    const { items, error } = await drained;
    expect(items).toEqual([]);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
  });

  it('rejects invalid options with InvalidOptionError at construction, before anything spawns', () => {
    let error: unknown;
    try {
      fake('scripted', { maxTurns: 0 });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe('maxTurns');
  });

  it('rejects a cwd that is not an existing directory', async () => {
    const cwd = join(makeTempDir(), 'missing-dir');
    const error = await rejectionOf(fake('scripted', { cwd }).start());
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe('cwd');
  });

  it('rejects with AbortError when the abort controller is already aborted', async () => {
    const abortController = new AbortController();
    abortController.abort();
    const transport = fake('scripted', { abortController });
    expect(AbortError.isInstance(await rejectionOf(transport.start()))).toBe(true);
    expect(transport.pid).toBeUndefined();
  });

  it('may be started only once, and not after close()', async () => {
    const transport = await started(fake('scripted'));
    expect(ProcessError.isInstance(await rejectionOf(transport.start()))).toBe(true);
    const closed = fake('scripted');
    await closed.close();
    expect(ProcessError.isInstance(await rejectionOf(closed.start()))).toBe(true);
    expect(closed.pid).toBeUndefined();
  });

  it('runs a JavaScript CLI under the chosen runtime with its arguments', async () => {
    const transport = new CliTransport({
      pathToClaudeCodeExecutable: installScriptCli(),
      executable: 'node',
      executableArgs: ['--no-warnings'],
      model: 'm',
    });
    transports.push(transport);
    await started(transport);
    const { items, error } = await collect(transport.messages());
    expect(error).toBeUndefined();
    expect(items[0]).toMatchObject({ type: 'script', execArgv: ['--no-warnings'] });
    expect((items[0] as unknown as { argv: string[] }).argv).toContain('--model=m');
  });

  it('is what createCliTransport returns', () => {
    expect(createCliTransport({})).toBeInstanceOf(CliTransport);
  });
});

describe('CliTransport.messages', () => {
  it('yields each line as a parsed object, in order, and ends when the CLI exits', async () => {
    const transport = await started(fake('scripted'));
    const sent = [
      { type: 'a', n: 1 },
      { type: 'b', text: 'héllo 😀 中文 \u2028' },
      { type: 'c', nested: { x: [1, 2] } },
    ];
    for (const message of sent) await transport.send(message);
    transport.endInput();
    const { items, error } = await collect(transport.messages());
    expect(error).toBeUndefined();
    expect(items).toEqual(sent);
    expect(transport.isOpen).toBe(false);
  });

  it('delivers many messages in order through a small buffer and a slow reader', async () => {
    const transport = await started(fake('print-lines', { env: { FAKE_COUNT: '5000' } }, { highWaterMark: 8 }));
    let expected = 0;
    for await (const message of transport.messages()) {
      expect(message).toEqual({ type: 'line', i: expected });
      expected++;
      if (expected % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(expected).toBe(5000);
  });

  it('parses a 5 MB line', async () => {
    const transport = await started(fake('big-line', { env: { FAKE_SIZE: String(5 * 1024 * 1024) } }));
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'before' });
    const big = (await iterator.next()).value as InboundMessage;
    expect(big.type).toBe('big');
    expect((big['data'] as string).length).toBe(5 * 1024 * 1024);
    expect((await iterator.next()).value).toEqual({ type: 'after' });
  });

  it('throws MessageTooLargeError for a line over maxMessageBytes, after the messages before it, and stops the CLI', async () => {
    const transport = await started(
      fake('big-line', { env: { FAKE_SIZE: String(5 * 1024 * 1024) }, maxMessageBytes: 1024 * 1024 }),
    );
    const { items, error } = await collect(transport.messages());
    expect(items).toEqual([{ type: 'before' }]);
    expect(MessageTooLargeError.isInstance(error)).toBe(true);
    expect((error as MessageTooLargeError).maxBytes).toBe(1024 * 1024);
    expect(transport.isOpen).toBe(false);
    await waitFor(() => !isAlive(transport.pid ?? -1));
  });

  it('skips empty and whitespace-only lines and accepts CRLF and an unterminated last line', async () => {
    const output = `\n${line({ type: 'a' })}   \n\t\r\n${JSON.stringify({ type: 'b' })}\r\n\n{"type":"c"}`;
    const transport = await started(fake('raw-output', { env: { FAKE_STDOUT: base64(output), FAKE_EXIT: '0' } }));
    const { items, error } = await collect(transport.messages());
    expect(error).toBeUndefined();
    expect(items).toEqual([{ type: 'a' }, { type: 'b' }, { type: 'c' }]);
  });

  it('throws JsonDecodeError for a line that is not JSON, after the messages before it, and kills the CLI', async () => {
    const output = `${line({ type: 'first' })}this is not json\n${line({ type: 'never' })}`;
    const transport = await started(fake('raw-output', { env: { FAKE_STDOUT: base64(output) } }));
    const { items, error } = await collect(transport.messages());
    expect(items).toEqual([{ type: 'first' }]);
    expect(JsonDecodeError.isInstance(error)).toBe(true);
    expect((error as JsonDecodeError).excerpt).toBe('this is not json');
    // The fake waits for its input to end; the transport must stop it by itself.
    await waitFor(() => !isAlive(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it.each(['[1,2]', 'null', '42', '"text"', 'true'])(
    'throws JsonDecodeError for a line that is not an object: %s',
    async (value) => {
      const transport = await started(fake('raw-output', { env: { FAKE_STDOUT: base64(`${value}\n`) } }));
      const { items, error } = await collect(transport.messages());
      expect(items).toEqual([]);
      expect(JsonDecodeError.isInstance(error)).toBe(true);
    },
  );

  it('throws ProcessError with the exit code and the stderr tail when the CLI exits non-zero', async () => {
    const transport = await started(
      fake('raw-output', {
        env: {
          FAKE_STDOUT: base64(line({ type: 'one' }) + line({ type: 'two' })),
          FAKE_STDERR: base64('warming up\nfatal: boom\n'),
          FAKE_EXIT: '3',
        },
      }),
    );
    const { items, error } = await collect(transport.messages());
    expect(items).toEqual([{ type: 'one' }, { type: 'two' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    const processError = error as ProcessError;
    expect(processError.exitCode).toBe(3);
    expect(processError.signal).toBeUndefined();
    expect(processError.stderrTail).toBe('warming up\nfatal: boom');
    expect(processError.message).toContain('exited with code 3');
    expect(transport.isOpen).toBe(false);
  });

  it('throws ProcessError with the signal when the CLI is killed by one it was not sent by close()', async () => {
    const transport = await started(
      fake('raw-output', { env: { FAKE_STDOUT: base64(line({ type: 'one' })), FAKE_SIGNAL: 'SIGKILL' } }),
    );
    const { items, error } = await collect(transport.messages());
    expect(items).toEqual([{ type: 'one' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).signal).toBe('SIGKILL');
    expect((error as ProcessError).exitCode).toBeUndefined();
  });

  it('keeps only the configured number of stderr lines in the tail', async () => {
    const stderr = Array.from({ length: 10 }, (_, i) => `line ${i}\n`).join('');
    const transport = await started(
      fake('raw-output', { env: { FAKE_STDERR: base64(stderr), FAKE_EXIT: '1' } }, { stderrBufferLines: 3 }),
    );
    const { error } = await collect(transport.messages());
    expect((error as ProcessError).stderrTail).toBe('line 7\nline 8\nline 9');
    expect(transport.stderrTail).toBe('line 7\nline 8\nline 9');
  });

  it('ends without error when close() is called during the iteration', async () => {
    const transport = await started(fake('scripted'));
    await transport.send({ type: 'hello' });
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'hello' });
    const pending = iterator.next();
    await transport.close();
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('closes the transport when the consumer leaves the loop early', async () => {
    const transport = await started(fake('print-lines', { env: { FAKE_COUNT: '100000' } }));
    let seen = 0;
    for await (const _message of transport.messages()) {
      if (++seen === 3) break;
    }
    await waitFor(() => !isAlive(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('may be called only once', async () => {
    const transport = fake('scripted');
    transport.messages();
    expect(() => transport.messages()).toThrow(/only once/);
  });
});

describe('CliTransport.send', () => {
  it('rejects with ProcessError before start, after endInput() and after close()', async () => {
    const transport = fake('scripted');
    expect(ProcessError.isInstance(await rejectionOf(transport.send({ type: 'x' })))).toBe(true);
    await started(transport);
    transport.endInput();
    transport.endInput();
    const afterEnd = await rejectionOf(transport.send({ type: 'x' }));
    expect(ProcessError.isInstance(afterEnd)).toBe(true);
    expect((afterEnd as Error).message).toMatch(/input is closed/);
    await transport.close();
    expect(ProcessError.isInstance(await rejectionOf(transport.send({ type: 'x' })))).toBe(true);
  });

  it('rejects with ProcessError, and raises no unhandled error, when the CLI closed its input (EPIPE)', async () => {
    const transport = await started(fake('close-stdin', {}, { closeTimeoutMs: 200 }));
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ready' });
    let error: unknown;
    // A small write may sit in the pipe before the kernel notices; keep writing until it fails.
    for (let i = 0; i < 50 && error === undefined; i++) {
      error = await transport.send({ type: 'data', payload: 'x'.repeat(64 * 1024) }).catch((e: unknown) => e);
    }
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/input is closed/);
    expect(((error as Error).cause as NodeJS.ErrnoException | undefined)?.code).toBe('EPIPE');
    expect(ProcessError.isInstance(await rejectionOf(transport.send({ type: 'again' })))).toBe(true);
  });
});

describe('CliTransport stderr', () => {
  it('passes each stderr line to options.stderr, even when the callback throws', async () => {
    const lines: string[] = [];
    const transport = await started(
      fake('scripted', {
        stderr: (text) => {
          lines.push(text);
          throw new Error('a faulty logger');
        },
      }),
    );
    await transport.send({ type: 'stderr', text: 'first line\nsecond ' });
    await transport.send({ type: 'stderr', text: 'line\r\nthird 😀\n' });
    await transport.send({ type: 'ping' });
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ping' });
    await waitFor(() => lines.length >= 3);
    expect(lines).toEqual(['first line', 'second line', 'third 😀']);
    expect(transport.isOpen).toBe(true);
  });

  it('swallows a rejected promise from an async stderr callback', async () => {
    const transport = await started(
      fake('raw-output', {
        env: { FAKE_STDERR: base64('oops\n'), FAKE_EXIT: '0' },
        stderr: async () => {
          throw new Error('async logger failure');
        },
      }),
    );
    const { error } = await collect(transport.messages());
    expect(error).toBeUndefined();
  });
});

describe('CliTransport environment, cwd and argv', () => {
  async function info(transport: CliTransport): Promise<{ argv: string[]; cwd: string; env: Record<string, string> }> {
    await started(transport);
    const iterator = transport.messages()[Symbol.asyncIterator]();
    return (await iterator.next()).value as unknown as { argv: string[]; cwd: string; env: Record<string, string> };
  }

  it('merges options.env over process.env, removes keys set to undefined, and marks the entrypoint', async () => {
    process.env['HEXAGENT_TEST_INHERITED'] = 'inherited';
    process.env['HEXAGENT_TEST_REMOVED'] = 'should not arrive';
    try {
      const { env } = await info(
        fake('info', { env: { HEXAGENT_TEST_ADDED: 'added', HEXAGENT_TEST_REMOVED: undefined } }),
      );
      expect(env['HEXAGENT_TEST_ADDED']).toBe('added');
      expect(env['HEXAGENT_TEST_INHERITED']).toBe('inherited');
      expect(env).not.toHaveProperty('HEXAGENT_TEST_REMOVED');
      expect(env['PATH']).toBe(process.env['PATH']);
      expect(env['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
    } finally {
      delete process.env['HEXAGENT_TEST_INHERITED'];
      delete process.env['HEXAGENT_TEST_REMOVED'];
    }
  });

  it('runs with a minimal env when every other variable is removed', async () => {
    const env: Record<string, string | undefined> = {};
    for (const key of Object.keys(process.env)) env[key] = undefined;
    env['PATH'] = process.env['PATH'];
    env['ONLY_THIS'] = '1';
    env['CLAUDE_CODE_ENTRYPOINT'] = 'custom';
    const result = await info(fake('info', { env }));
    expect(result.env).toEqual({ PATH: process.env['PATH'], ONLY_THIS: '1', CLAUDE_CODE_ENTRYPOINT: 'custom' });
  });

  it('runs the CLI in options.cwd', async () => {
    const cwd = makeTempDir();
    const result = await info(fake('info', { cwd }));
    expect(realpathSync(result.cwd)).toBe(realpathSync(cwd));
  });

  it('passes each argument intact, without a shell', async () => {
    const model = `-x "quoted" $(touch pwned) ; & | 'single' 中文`;
    const cwd = makeTempDir();
    const result = await info(fake('info', { model, cwd, allowedTools: ['Read', 'Bash(git *)'] }));
    expect(result.argv.slice(0, BASE_CLI_ARGS.length)).toEqual([...BASE_CLI_ARGS]);
    expect(result.argv).toContain(`--model=${model}`);
    expect(result.argv).toContain('--allowedTools=Read,Bash(git *)');
    expect(result.argv).toContain('--setting-sources=');
  });
});

describe('CliTransport.close', () => {
  it('stops a CLI that ignores SIGTERM and its input ending, with SIGKILL, in bounded time', async () => {
    const transport = await started(fake('ignore-sigterm', {}, { closeTimeoutMs: 200 }));
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ready' });
    const startedAt = performance.now();
    await transport.close();
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(2_000);
    expect(isAlive(transport.pid ?? -1)).toBe(false);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('is idempotent, leaves nothing running, and ends messages()', async () => {
    const transport = await started(fake('scripted'));
    const drained = collect(transport.messages());
    const first = transport.close();
    expect(transport.isOpen).toBe(false);
    expect(ProcessError.isInstance(await rejectionOf(transport.send({ type: 'late' })))).toBe(true);
    const second = transport.close();
    expect(second).toBe(first);
    await first;
    expect(transport.isOpen).toBe(false);
    expect(isAlive(transport.pid ?? -1)).toBe(false);
    expect(await drained).toEqual({ items: [], error: undefined });
    await transport.close();
  });

  it('resolves at once after the CLI has exited by itself', async () => {
    const transport = await started(fake('raw-output', { env: { FAKE_EXIT: '0' } }));
    await collect(transport.messages());
    const startedAt = performance.now();
    await transport.close();
    expect(performance.now() - startedAt).toBeLessThan(100);
  });

  it('closes the transport when the abort controller aborts', async () => {
    const abortController = new AbortController();
    const transport = await started(fake('scripted', { abortController }));
    const drained = collect(transport.messages());
    abortController.abort();
    expect(await drained).toEqual({ items: [], error: undefined });
    await waitFor(() => !isAlive(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('can be called before start()', async () => {
    const transport = fake('scripted');
    await transport.close();
    expect(transport.isOpen).toBe(false);
    expect(await collect(transport.messages())).toEqual({ items: [], error: undefined });
  });
});

/** Subscribes and resolves once `end` is called, with what the sink saw. */
function subscribeAll(
  transport: CliTransport,
  onMessage?: (message: InboundMessage) => void,
): Promise<{ items: InboundMessage[]; error: unknown; ends: number }> {
  return new Promise((resolve) => {
    const items: InboundMessage[] = [];
    let ends = 0;
    transport.subscribe({
      message: (message) => {
        if (ends > 0) throw new Error('message after end');
        items.push(message);
        onMessage?.(message);
      },
      end: (error) => {
        ends++;
        // Let a second end(), if there were one, be counted before resolving.
        setTimeout(() => resolve({ items, error, ends }), 20);
      },
    });
  });
}

describe('CliTransport.subscribe', () => {
  it('pushes every message in order, then ends once without error', async () => {
    const transport = await started(fake('print-lines', { env: { FAKE_COUNT: '5000' } }));
    const { items, error, ends } = await subscribeAll(transport);
    expect(error).toBeUndefined();
    expect(ends).toBe(1);
    expect(items).toEqual(Array.from({ length: 5000 }, (_, i) => ({ type: 'line', i })));
  });

  it('hands over the messages buffered before it, after reading had paused on the high-water mark', async () => {
    const transport = await started(fake('print-lines', { env: { FAKE_COUNT: '3000' } }, { highWaterMark: 8 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { items, error } = await subscribeAll(transport);
    expect(error).toBeUndefined();
    expect(items.map((item) => item['i'])).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('ends with JsonDecodeError after the messages before the bad line, and stops the CLI', async () => {
    const output = `${line({ type: 'first' })}this is not json\n${line({ type: 'never' })}`;
    const transport = await started(fake('raw-output', { env: { FAKE_STDOUT: base64(output) } }));
    const { items, error, ends } = await subscribeAll(transport);
    expect(items).toEqual([{ type: 'first' }]);
    expect(JsonDecodeError.isInstance(error)).toBe(true);
    expect(ends).toBe(1);
    await waitFor(() => !isAlive(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('ends with ProcessError when the CLI exits non-zero, also for a subscriber that comes after the exit', async () => {
    const transport = await started(
      fake('raw-output', {
        env: { FAKE_STDOUT: base64(line({ type: 'one' })), FAKE_STDERR: base64('fatal: boom\n'), FAKE_EXIT: '3' },
      }),
    );
    await waitFor(() => !isAlive(transport.pid ?? -1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { items, error, ends } = await subscribeAll(transport);
    expect(items).toEqual([{ type: 'one' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(3);
    expect((error as ProcessError).stderrTail).toBe('fatal: boom');
    expect(ends).toBe(1);
  });

  it('treats a sink that throws as fatal: the CLI is stopped and end() gets the error', async () => {
    const transport = await started(fake('print-lines', { env: { FAKE_COUNT: '100000' } }));
    const boom = new Error('consumer bug');
    let seen = 0;
    const { error, ends } = await subscribeAll(transport, () => {
      if (++seen === 10) throw boom;
    });
    expect(error).toBe(boom);
    expect(ends).toBe(1);
    expect(seen).toBe(10);
    await waitFor(() => !isAlive(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('ends without error when close() is called', async () => {
    const transport = await started(fake('scripted'));
    const done = subscribeAll(transport);
    await transport.send({ type: 'hello' });
    await transport.close();
    const { error, ends } = await done;
    expect(error).toBeUndefined();
    expect(ends).toBe(1);
  });

  it('may not be combined with messages()', () => {
    const transport = fake('scripted');
    transport.subscribe({ message: () => {}, end: () => {} });
    expect(() => transport.messages()).toThrow(/only once/);
    const other = fake('scripted');
    other.messages();
    expect(() => other.subscribe({ message: () => {}, end: () => {} })).toThrow(/only once/);
  });
});
