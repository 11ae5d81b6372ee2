/**
 * Start-up marks on the real CLI, as the official SDK 0.3.332 gets them (recorded with a logging
 * spawner against CLI 2.1.332): `startup()` and `prewarm()` start the CLI with
 * `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1`, so it writes `{"type":"keep_alive","startup_mark":...}`
 * lines while it boots (about 30, `init_after_graceful_shutdown` ... `initialize_before_reply`);
 * `query()` does not, and the CLI writes none. No mark reaches the app. When `initialize` times out,
 * the error names the last mark the CLI wrote.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InitializeTimeoutError, prewarm, query, type SpawnOptions, startup } from '@hexagent/sdk';
import { collect, TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const VARIABLE = 'CLAUDE_CODE_SDK_READS_STARTUP_MARKS';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** What a logging spawner saw of one CLI: its environment and its start-up marks in order. */
interface Seen {
  env: Record<string, string | undefined>;
  marks: string[];
  /** The marks that had arrived when the SDK began to stop the CLI (ended its input or killed it). */
  marksAtStop: string[] | undefined;
  exited: Promise<void>;
}

/** A `spawnClaudeCodeProcess` that starts the CLI as the default would and notes the marks it writes. */
function loggingSpawner(seen: Seen[]) {
  return (options: SpawnOptions) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
    const child = spawn(options.command, options.args, { cwd: options.cwd, env, stdio: 'pipe' });
    options.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    const record: Seen = {
      env: options.env,
      marks: [],
      marksAtStop: undefined,
      exited: new Promise((resolve) => child.once('close', () => resolve())),
    };
    seen.push(record);
    const stopping = () => {
      record.marksAtStop ??= [...record.marks];
    };
    child.stdin.once('finish', stopping);
    options.signal.addEventListener('abort', stopping, { once: true });
    const kill = child.kill.bind(child);
    Object.assign(child, {
      kill: (signal?: NodeJS.Signals | number) => {
        stopping();
        return kill(signal);
      },
    });
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"keep_alive"')) continue;
        const message = JSON.parse(line) as { type: string; startup_mark?: unknown };
        if (message.type === 'keep_alive' && typeof message.startup_mark === 'string') {
          record.marks.push(message.startup_mark);
        }
      }
    });
    return child;
  };
}

describe('start-up marks on the real CLI', () => {
  it('startup() asks the CLI for its marks, the CLI writes them, and none reaches the app', async () => {
    const harness = await scope.startCliHarness([{ content: [{ type: 'text', text: 'warm' }] }]);
    const seen: Seen[] = [];
    const warm = await startup({ options: { env: harness.env, spawnClaudeCodeProcess: loggingSpawner(seen) } });
    const messages = await collect(warm.query('hello'));
    await seen[0]?.exited;
    expect(seen).toHaveLength(1);
    expect(seen[0]?.env[VARIABLE]).toBe('1');
    expect(seen[0]?.marks.length).toBeGreaterThan(5);
    expect(seen[0]?.marks).toContain('initialize_before_reply');
    expect(messages.some((message) => message.type === ('keep_alive' as string))).toBe(false);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'warm' });
  });

  it('prewarm() asks for them too; query() does not, and the CLI then writes none', async () => {
    const harness = await scope.startCliHarness([{ content: [{ type: 'text', text: 'cold' }] }]);
    const seen: Seen[] = [];
    const spare = await prewarm({ options: { env: harness.env, spawnClaudeCodeProcess: loggingSpawner(seen) } });
    spare.close();
    await seen[0]?.exited;
    await collect(query({ prompt: 'hi', options: { env: harness.env, spawnClaudeCodeProcess: loggingSpawner(seen) } }));
    await seen[1]?.exited;
    expect(seen.map((process) => process.env[VARIABLE])).toEqual(['1', undefined]);
    expect(seen[0]?.marks).toContain('initialize_before_reply');
    expect(seen[1]?.marks).toEqual([]);
  });

  it('a timed-out initialize names the last mark the CLI wrote (a SessionStart hook holds the start)', async () => {
    const harness = await scope.startCliHarness([]);
    const dir = scope.tempDir('hexagent-marks-');
    const release = join(dir, 'release');
    // Releases a hook still waiting before its folder goes.
    scope.defer(() => writeFileSync(release, ''));
    const started = join(dir, 'started');
    // The hook holds the CLI's start until the test releases it (at most 120 s, so it never outlives a run).
    const command = `touch '${started}'; i=0; while [ ! -f '${release}' ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done`;
    const seen: Seen[] = [];
    const error = await startup({
      options: {
        env: harness.env,
        settings: { hooks: { SessionStart: [{ hooks: [{ type: 'command', command }] }] } },
        spawnClaudeCodeProcess: loggingSpawner(seen),
      },
      initializeTimeoutMs: 45_000,
    }).catch((e: unknown) => e);
    writeFileSync(release, '');
    await seen[0]?.exited;
    expect(existsSync(started), 'the SessionStart hook ran').toBe(true);
    expect(InitializeTimeoutError.isInstance(error)).toBe(true);
    const timeout = error as InitializeTimeoutError;
    // The spawner and the SDK read the same chunks; the CLI writes more marks while it shuts down.
    const last = seen[0]?.marksAtStop?.at(-1);
    expect(last, 'the CLI wrote marks before the timeout').toBeDefined();
    expect(timeout.startupMark).toBe(last);
    expect(timeout.startupMarkAgeMs).toBeGreaterThanOrEqual(0);
    expect(timeout.startupMarkAgeMs).toBeLessThanOrEqual(45_000);
  }, 120_000);
});
