/**
 * CliTransport with `spawnClaudeCodeProcess`: the official contract (called once, synchronously,
 * with `{ command, args, cwd, env, signal }`; a `ChildProcess` is a valid answer), and the same
 * framing, supervision and teardown as the default spawn. The spawner wraps `child_process.spawn`
 * of the stand-in CLI and logs what it was given.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import type { InboundMessage, Options, SpawnOptions } from '@hexagent/core';
import { collectSettled, isRunning } from '@hexagent/testing';
import {
  BASE_CLI_ARGS,
  buildTransportLaunch,
  CliNotFoundError,
  hexagentClientApp,
  ProcessError,
} from '@hexagent/transport-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { rejectionOf } from '../test/helpers/checks.js';
import { standInCli } from '../test/helpers/stand-in.js';
import { makeTempDir, removeTempDirs } from '../test/helpers/temp-dirs.js';
import { transportFor } from '../test/helpers/transport-for.js';
import type { CliTransport } from './cli-transport.js';
import { createCliTransport } from './create-cli-transport.js';

const transports: CliTransport[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  for (const child of children.splice(0)) expect(isRunning(child.pid ?? -1)).toBe(false);
  removeTempDirs();
});

/** A spawner that runs `path` (whatever `command` says) with `child_process.spawn` and logs its calls. */
function loggingSpawner(path: string): {
  calls: SpawnOptions[];
  spawner: (options: SpawnOptions) => ChildProcessWithoutNullStreams;
} {
  const calls: SpawnOptions[] = [];
  return {
    calls,
    spawner: (options) => {
      calls.push(options);
      const flags = options.args.slice(options.args.indexOf('--output-format'));
      const child = spawn(path, flags, { cwd: options.cwd, env: options.env, signal: options.signal, stdio: 'pipe' });
      children.push(child);
      return child;
    },
  };
}

function transport(options: Options, closeTimeoutMs = 2_000): CliTransport {
  const created = transportFor(options, { closeTimeoutMs });
  transports.push(created);
  return created;
}

async function first(transport: CliTransport): Promise<InboundMessage> {
  const next = await transport.messages()[Symbol.asyncIterator]().next();
  return next.value as InboundMessage;
}

describe('CliTransport with spawnClaudeCodeProcess', () => {
  it('gives the CLI the launch’s trace context as TRACEPARENT/TRACESTATE (createCliTransport)', async () => {
    const path = standInCli({ onStart: [{ info: true }] });
    const { calls, spawner } = loggingSpawner(path);
    const traceContext = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'k=v' };
    const cli = createCliTransport(
      buildTransportLaunch(
        { pathToClaudeCodeExecutable: path, spawnClaudeCodeProcess: spawner, env: { PATH: process.env['PATH'] } },
        { traceContext },
      ),
    ) as CliTransport;
    transports.push(cli);
    await cli.start();
    expect(calls[0]?.env).toMatchObject({ TRACEPARENT: traceContext.traceparent, TRACESTATE: 'k=v' });
  });

  it('calls the spawner once, synchronously in start(), with command, args, cwd, env and signal', async () => {
    const path = standInCli({ onStart: [{ info: true }] });
    const { calls, spawner } = loggingSpawner(path);
    const cwd = realpathSync(makeTempDir());
    const cli = transport({
      pathToClaudeCodeExecutable: path,
      spawnClaudeCodeProcess: spawner,
      cwd,
      env: { PATH: process.env['PATH'], ONLY: 'this' },
      model: 'claude-sonnet-4-5',
      settingSources: [],
    });
    const starting = cli.start();
    expect(calls).toHaveLength(1);
    await starting;
    const call = calls[0] as SpawnOptions;
    expect(Object.keys(call)).toEqual(['command', 'args', 'cwd', 'env', 'signal']);
    expect(call.command).toBe(path);
    expect(call.args).toEqual([...BASE_CLI_ARGS, '--model=claude-sonnet-4-5', '--setting-sources=']);
    expect(call.cwd).toBe(cwd);
    expect(call.env).toEqual({
      PATH: process.env['PATH'],
      ONLY: 'this',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      CLAUDE_AGENT_SDK_CLIENT_APP: hexagentClientApp(),
      CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
      BUN_ENABLE_CRASH_REPORTING: '0',
    });
    expect(call.signal).toBeInstanceOf(AbortSignal);
    expect(call.signal.aborted).toBe(false);
    const info = (await first(cli)) as unknown as { argv: string[]; env: Record<string, string>; cwd: string };
    expect(info.argv.slice(-BASE_CLI_ARGS.length - 2)).toEqual(call.args);
    expect(info.env['ONLY']).toBe('this');
    expect(realpathSync(info.cwd)).toBe(cwd);
    expect(cli.pid).toBe(children[0]?.pid);
  });

  it('leaves cwd out when the option is, and checks neither cwd nor the executable on this machine', async () => {
    const path = standInCli({ onStart: [{ info: true }] });
    const { calls, spawner } = loggingSpawner(path);
    const cli = transport({ pathToClaudeCodeExecutable: '/inside/the/vm/claude', spawnClaudeCodeProcess: spawner });
    await cli.start();
    expect(calls[0]?.command).toBe('/inside/the/vm/claude');
    expect(Object.hasOwn(calls[0] as object, 'cwd')).toBe(false);
    await first(cli);
  });

  it('passes executableArgs to a native executable, and runs a script with executable (executable-native, -js-path)', async () => {
    const path = standInCli({ onStart: [{ info: true }] });
    const native = loggingSpawner(path);
    const nativeCli = transport({
      pathToClaudeCodeExecutable: '/opt/claude',
      executable: 'node',
      executableArgs: ['--max-old-space-size=100'],
      spawnClaudeCodeProcess: native.spawner,
    });
    await nativeCli.start();
    expect(native.calls[0]?.command).toBe('/opt/claude');
    expect(native.calls[0]?.args).toEqual(['--max-old-space-size=100', ...BASE_CLI_ARGS]);

    const script = loggingSpawner(path);
    const scriptCli = transport({
      pathToClaudeCodeExecutable: '/opt/fake/cli.js',
      executable: 'node',
      executableArgs: ['--no-warnings'],
      spawnClaudeCodeProcess: script.spawner,
    });
    await scriptCli.start();
    expect(script.calls[0]?.command).toBe('node');
    expect(script.calls[0]?.args).toEqual(['--no-warnings', '/opt/fake/cli.js', ...BASE_CLI_ARGS]);
  });

  it('frames, answers and ends like the default spawn: initialize answered, EOF ends with exit 0', async () => {
    const path = standInCli({});
    const cli = transport({ pathToClaudeCodeExecutable: path, spawnClaudeCodeProcess: loggingSpawner(path).spawner });
    await cli.start();
    const drained = collectSettled(cli.messages());
    await cli.send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } });
    cli.endInput();
    const { messages: items, error } = await drained;
    expect(error).toBeUndefined();
    expect(items.find((message) => message.type === 'control_response')).toMatchObject({
      response: { subtype: 'success', request_id: 'req_1' },
    });
    expect(cli.isOpen).toBe(false);
  });

  it('reports a failing exit as ProcessError, with the stderr of a ChildProcess in its tail and the stderr callback', async () => {
    const path = standInCli({ onStart: [{ stderr: 'custom spawn broke\n' }, { sleep: 20 }, { exit: 3 }] });
    const lines: string[] = [];
    const cli = transport({
      pathToClaudeCodeExecutable: path,
      spawnClaudeCodeProcess: loggingSpawner(path).spawner,
      stderr: (line) => lines.push(line),
    });
    await cli.start();
    const { error } = await collectSettled(cli.messages());
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(3);
    expect((error as ProcessError).stderrTail).toContain('custom spawn broke');
    expect(lines).toContain('custom spawn broke');
  });

  it('stops a CLI that ignores EOF by escalation, aborting the spawn signal only then', async () => {
    const path = standInCli({ ignoreSignals: ['SIGTERM'], onStart: [{ info: true }], onEnd: [{ hang: true }] });
    const { calls, spawner } = loggingSpawner(path);
    const cli = transport({ pathToClaudeCodeExecutable: path, spawnClaudeCodeProcess: spawner }, 150);
    await cli.start();
    await first(cli); // running; it ignores the end of its input
    const signal = calls[0]?.signal as AbortSignal;
    let abortedAt = Number.NaN;
    signal.addEventListener('abort', () => (abortedAt = performance.now()), { once: true });
    const startedAt = performance.now();
    const closing = cli.close();
    expect(signal.aborted).toBe(false);
    await closing;
    expect(signal.aborted).toBe(true);
    // Aborted at the escalation, not before it (however slow this machine is).
    expect(abortedAt - startedAt).toBeGreaterThanOrEqual(140);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140);
    expect(isRunning(children[0]?.pid ?? -1)).toBe(false);
  });

  it('does not abort the spawn signal when the CLI exits on EOF', async () => {
    const path = standInCli({});
    const { calls, spawner } = loggingSpawner(path);
    const cli = transport({ pathToClaudeCodeExecutable: path, spawnClaudeCodeProcess: spawner });
    await cli.start();
    await cli.close();
    expect(calls[0]?.signal.aborted).toBe(false);
  });

  it('rejects start() with CliNotFoundError when the spawned command does not exist (ENOENT)', async () => {
    const cli = transport({
      pathToClaudeCodeExecutable: '/nonexistent/claude',
      spawnClaudeCodeProcess: ({ command, args, env }) => spawn(command, args, { env, stdio: 'pipe' }),
    });
    const error = await rejectionOf(cli.start());
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('/nonexistent/claude');
    const closedAt = performance.now();
    await cli.close();
    expect(performance.now() - closedAt).toBeLessThan(500);
  });

  it('rejects start() with ProcessError when the spawner throws or returns no process', async () => {
    const throwing = transport({
      spawnClaudeCodeProcess: () => {
        throw new Error('no VM available');
      },
      pathToClaudeCodeExecutable: '/vm/claude',
    });
    const thrown = await rejectionOf(throwing.start());
    expect(ProcessError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toContain('no VM available');
    const junk = transport({ spawnClaudeCodeProcess: () => ({}) as never, pathToClaudeCodeExecutable: '/vm/claude' });
    expect(ProcessError.isInstance(await rejectionOf(junk.start()))).toBe(true);
  });
});
