/**
 * CliTransport.start(): finding and spawning the CLI (`spawn-cli.ts`), its argv, env and cwd, and
 * the lifecycle rules of `start()`.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { AbortError, InvalidOptionError, TransportClosedError, TransportStartError } from '@hexagent/core';
import { collectSettled, isRunning } from '@hexagent/testing';
import {
  BASE_CLI_ARGS,
  buildTransportLaunch,
  CliNotFoundError,
  hexagentClientApp,
  processGuardian,
  UnsupportedCliVersionError,
} from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../test/helpers/checks.js';
import { started, track, transportOver, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { INFO, SCRIPTED, standInCli } from '../test/helpers/stand-in.js';
import { makeTempDir, writeExecutable } from '../test/helpers/temp-dirs.js';
import { transportFor } from '../test/helpers/transport-for.js';
import { CliTransport } from './cli-transport.js';
import { createCliTransport } from './create-cli-transport.js';

useCliTransportCleanup();

describe('CliTransport.start', () => {
  it('spawns the CLI and opens', async () => {
    const transport = transportOver(SCRIPTED);
    expect(transport.isOpen).toBe(false);
    await started(transport);
    expect(transport.isOpen).toBe(true);
    expect(transport.pid).toBeTypeOf('number');
    expect(isRunning(transport.pid ?? -1)).toBe(true);
  });

  it('rejects a missing executable at once with CliNotFoundError naming it', async () => {
    const missing = join(makeTempDir(), 'no-such-claude');
    const transport = transportFor({ pathToClaudeCodeExecutable: missing });
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

  it('rejects a CLI older than the supported minimum with UnsupportedCliVersionError, before spawning', async () => {
    const packageDir = makeTempDir();
    writeExecutable(
      join(packageDir, 'package.json'),
      '{"name":"@anthropic-ai/claude-code-linux-x64","version":"2.0.1"}',
      0o644,
    );
    const path = writeExecutable(join(packageDir, 'claude'), '#!/bin/sh\nsleep 5\n');
    const transport = transportFor({ pathToClaudeCodeExecutable: path });
    const error = await rejectionOf(transport.start());
    expect(UnsupportedCliVersionError.isInstance(error)).toBe(true);
    expect(TransportStartError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/2\.0\.1.*older than 2\.1\.197/);
    expect(transport.pid).toBeUndefined();
  });

  it('rejects a file that is not executable with CliNotFoundError', async () => {
    const path = writeExecutable(join(makeTempDir(), 'claude'), '#!/bin/sh\necho hi\n', 0o644);
    const error = await rejectionOf(transportFor({ pathToClaudeCodeExecutable: path }).start());
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([path]);
  });

  it('maps an ENOENT from spawn (missing interpreter) to CliNotFoundError', async () => {
    const path = writeExecutable(join(makeTempDir(), 'claude'), '#!/nonexistent/interpreter\n');
    const startedAt = performance.now();
    const error = await rejectionOf(transportFor({ pathToClaudeCodeExecutable: path }).start());
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([path]);
    expect((error as Error).message).toContain('ENOENT');
  });

  it('ends a waiting messages() iteration with the start error', async () => {
    const transport = transportFor({ pathToClaudeCodeExecutable: join(makeTempDir(), 'missing') });
    const drained = collectSettled(transport.messages());
    await rejectionOf(transport.start());
    const { messages: items, error } = await drained;
    expect(items).toEqual([]);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
  });

  it('rejects invalid options with InvalidOptionError at construction, before anything spawns', () => {
    let error: unknown;
    try {
      transportOver(SCRIPTED, { maxBudgetUsd: 0 });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe('maxBudgetUsd');
  });

  it('rejects a cwd that is not an existing directory', async () => {
    const cwd = join(makeTempDir(), 'missing-dir');
    const error = await rejectionOf(transportOver(SCRIPTED, { cwd }).start());
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionError).option).toBe('cwd');
  });

  it('rejects with AbortError when the abort controller is already aborted', async () => {
    const abortController = new AbortController();
    abortController.abort();
    const transport = transportOver(SCRIPTED, { abortController });
    expect(AbortError.isInstance(await rejectionOf(transport.start()))).toBe(true);
    expect(transport.pid).toBeUndefined();
  });

  it('may be started only once, and not after close()', async () => {
    const transport = await started(transportOver(SCRIPTED));
    expect(TransportStartError.isInstance(await rejectionOf(transport.start()))).toBe(true);
    const closed = transportOver(SCRIPTED);
    await closed.close();
    expect(TransportClosedError.isInstance(await rejectionOf(closed.start()))).toBe(true);
    expect(closed.pid).toBeUndefined();
  });

  it('runs a JavaScript CLI under the chosen runtime with its arguments', async () => {
    const transport = transportFor({
      pathToClaudeCodeExecutable: standInCli(
        { onStart: [{ info: 'script' }, { exit: 0 }] },
        { name: 'cli.mjs', mode: 0o644 },
      ),
      executable: 'node',
      executableArgs: ['--no-warnings'],
      model: 'm',
    });
    track(transport);
    await started(transport);
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(error).toBeUndefined();
    expect(items[0]).toMatchObject({ type: 'script', execArgv: ['--no-warnings'] });
    expect((items[0] as unknown as { argv: string[] }).argv).toContain('--model=m');
  });

  it('is what createCliTransport returns', () => {
    expect(createCliTransport(buildTransportLaunch({}))).toBeInstanceOf(CliTransport);
  });
});

describe('CliTransport environment, cwd and argv', () => {
  async function info(transport: CliTransport): Promise<{ argv: string[]; cwd: string; env: Record<string, string> }> {
    await started(transport);
    const iterator = transport.messages()[Symbol.asyncIterator]();
    return (await iterator.next()).value as unknown as { argv: string[]; cwd: string; env: Record<string, string> };
  }

  it('gives the CLI options.env in place of process.env (not merged), without keys set to undefined, and marks the entrypoint', async () => {
    process.env['HEXAGENT_TEST_INHERITED'] = 'inherited';
    process.env['HEXAGENT_TEST_REMOVED'] = 'should not arrive';
    try {
      const { env } = await info(
        transportOver(INFO, {
          env: { PATH: process.env['PATH'], HEXAGENT_TEST_ADDED: 'added', HEXAGENT_TEST_REMOVED: undefined },
        }),
      );
      expect(env['HEXAGENT_TEST_ADDED']).toBe('added');
      expect(env).not.toHaveProperty('HEXAGENT_TEST_INHERITED');
      expect(env).not.toHaveProperty('HEXAGENT_TEST_REMOVED');
      expect(env['PATH']).toBe(process.env['PATH']);
      expect(env['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
    } finally {
      delete process.env['HEXAGENT_TEST_INHERITED'];
      delete process.env['HEXAGENT_TEST_REMOVED'];
    }
  });

  it('gives the CLI a copy of process.env when options.env is omitted', async () => {
    process.env['HEXAGENT_TEST_INHERITED'] = 'inherited';
    try {
      const { env } = await info(transportOver(INFO, {}));
      expect(env['HEXAGENT_TEST_INHERITED']).toBe('inherited');
      expect(env['CLAUDE_CODE_SDK_READS_SESSION_STATE']).toBe('1');
      expect(env).not.toHaveProperty('NODE_OPTIONS');
    } finally {
      delete process.env['HEXAGENT_TEST_INHERITED'];
    }
  });

  it('runs with a minimal env when every other variable is removed', async () => {
    const env: Record<string, string | undefined> = {};
    for (const key of Object.keys(process.env)) env[key] = undefined;
    env['PATH'] = process.env['PATH'];
    env['ONLY_THIS'] = '1';
    env['CLAUDE_CODE_ENTRYPOINT'] = 'custom';
    const result = await info(transportOver(INFO, { env }));
    expect(result.env).toEqual({
      PATH: process.env['PATH'],
      ONLY_THIS: '1',
      CLAUDE_CODE_ENTRYPOINT: 'custom',
      CLAUDE_AGENT_SDK_CLIENT_APP: hexagentClientApp(),
      CLAUDE_CODE_SDK_READS_SESSION_STATE: '1',
      BUN_ENABLE_CRASH_REPORTING: '0',
      // The marker of this process's guardian, which stops the CLI's tree if this process dies.
      HEXAGENT_PROCESS_TREE: expect.stringMatching(new RegExp(`^${processGuardian().id}\\.\\d+$`)),
    });
  });

  it('runs the CLI in options.cwd', async () => {
    const cwd = makeTempDir();
    const result = await info(transportOver(INFO, { cwd }));
    expect(realpathSync(result.cwd)).toBe(realpathSync(cwd));
  });

  it('passes each argument intact, without a shell', async () => {
    const model = `-x "quoted" $(touch pwned) ; & | 'single' 中文`;
    const cwd = makeTempDir();
    const result = await info(
      transportOver(INFO, { model, cwd, allowedTools: ['Read', 'Bash(git *)'], settingSources: [] }),
    );
    expect(result.argv.slice(0, BASE_CLI_ARGS.length)).toEqual([...BASE_CLI_ARGS]);
    expect(result.argv).toContain(`--model=${model}`);
    expect(result.argv).toContain('--allowedTools=Read,Bash(git *)');
    expect(result.argv).toContain('--setting-sources=');
  });
});
