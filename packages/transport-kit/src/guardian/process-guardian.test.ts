/**
 * The guardian with real processes (Linux, through /proc; the `ps` table too): an owner process
 * (test/fixtures/guardian-owner.mjs) starts a tree shaped like the real CLI's and is killed, or
 * ends; the test watches every pid of the tree. The script is also driven directly, for what an
 * owner cannot easily fake (a pid reused by another process, a pid that is not the owner's child).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUARDIAN_SCRIPT } from './guardian-script.js';
import { ProcessGuardian } from './process-guardian.js';

const OWNER = fileURLToPath(new URL('../../test/fixtures/guardian-owner.mjs', import.meta.url));

/** Field 22 of /proc/<pid>/stat, or undefined when the process is gone or a zombie. */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' || fields[0] === 'X' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

interface Tree {
  cli: number;
  guardian: number;
  shell: number;
  quiet: number;
  command: number;
  plain: number;
  daemon: number;
}

/** Every process the tests started, with its start time: killed after each test if still running. */
const started: Array<{ pid: number; start: string | undefined }> = [];
const owners: ChildProcess[] = [];
afterEach(() => {
  for (const owner of owners.splice(0)) owner.kill('SIGKILL');
  for (const { pid, start } of started.splice(0)) {
    if (start !== undefined && startOf(pid) === start) process.kill(pid, 'SIGKILL');
  }
});

let tags = 0;
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hexagent-guardian-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Starts an owner with `config`; resolves once its tree runs and its guardian is up. */
function startOwner(config: Record<string, unknown>): Promise<{ owner: ChildProcess; tree: Tree; events: string[] }> {
  const owner = spawn(process.execPath, [OWNER, JSON.stringify({ tag: `${process.pid}${tags++}`, ...config })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  owners.push(owner);
  const events: string[] = [];
  return new Promise((resolve, reject) => {
    owner.once('exit', (code) => reject(new Error(`the owner exited (${code})`)));
    let buffered = '';
    owner.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const event = JSON.parse(line) as { event: string } & Tree;
        events.push(event.event);
        if (event.event !== 'tree') continue;
        const { event: _, ...tree } = event;
        for (const pid of Object.values(tree)) started.push({ pid, start: startOf(pid) });
        resolve({ owner, tree, events });
      }
    });
  });
}

const running = (pids: readonly number[]) => () =>
  pids.filter((pid) =>
    started.some((entry) => entry.pid === pid && entry.start !== undefined && startOf(pid) === entry.start),
  );

const onLinux = process.platform === 'linux' && existsSync('/proc/self/stat');

describe.runIf(onLinux)('ProcessGuardian: the owner is SIGKILLed', () => {
  it('stops the CLI and everything it started (sessions of their own, an emptied environment, a daemon), then exits', async () => {
    const termFile = join(dir, 'term');
    const { owner, tree } = await startOwner({ termFile });
    owner.kill('SIGKILL');
    // The guardian acts in milliseconds; the poll's bound is a hang detector on a loaded machine.
    await expect.poll(running(Object.values(tree)), { timeout: 10_000, interval: 20 }).toEqual([]);
    // No grace: stopped and killed, nothing had a chance to act on a SIGTERM.
    expect(existsSync(termFile)).toBe(false);
  });

  it("through `ps` (macOS's way): the CLI, its children and their process groups", async () => {
    const { owner, tree } = await startOwner({ guardian: { processTable: 'ps' } });
    owner.kill('SIGKILL');
    // The daemon left the tree (a session of its own, its parent gone): only /proc's marker finds it.
    const { daemon: _, ...reachable } = tree;
    await expect.poll(running(Object.values(reachable)), { timeout: 10_000, interval: 20 }).toEqual([]);
  });

  it('with a grace, the tree gets SIGTERM first, then what is left gets SIGKILL', async () => {
    const termFile = join(dir, 'term');
    const { owner, tree } = await startOwner({ guardian: { graceMs: 500 }, termFile });
    owner.kill('SIGKILL');
    await expect.poll(running(Object.values(tree)), { timeout: 10_000, interval: 20 }).toEqual([]);
    expect(readFileSync(termFile, 'utf8')).toBe('TERM\n');
  });
});

describe.runIf(onLinux)('ProcessGuardian: what it leaves alone, and its own end', () => {
  it('a released process without the marker outlives its owner; the guardian exits', async () => {
    const { owner, tree, events } = await startOwner({ marker: false, release: true });
    await expect.poll(() => events.includes('released')).toBe(true);
    owner.kill('SIGKILL');
    await expect.poll(running([tree.guardian]), { timeout: 10_000, interval: 20 }).toEqual([]);
    expect(running([tree.cli, tree.plain, tree.command])()).toEqual([tree.cli, tree.plain, tree.command]);
  });

  it('close(): the guardian stops what is listed and exits while its owner runs on', async () => {
    const { owner, tree, events } = await startOwner({ close: true });
    await expect.poll(() => events.includes('closed')).toBe(true);
    await expect.poll(running(Object.values(tree)), { timeout: 10_000, interval: 20 }).toEqual([]);
    expect(owner.exitCode).toBeNull();
  });

  it("a server's runtime directory (removeOnExit) is removed once the trees are stopped, listed or not", async () => {
    const runtime = join(dir, 'runtime');
    mkdirSync(runtime);
    writeFileSync(join(runtime, 'credentials.json'), '{}');
    const guardian = new ProcessGuardian({ removeOnExit: runtime });
    guardian.start();
    await expect.poll(() => guardian.pid).toBeTypeOf('number');
    const pid = guardian.pid as number;
    guardian.close();
    await expect.poll(() => startOf(pid), { timeout: 10_000, interval: 20 }).toBeUndefined();
    expect(existsSync(runtime)).toBe(false);
  });

  it('the owner exits with nothing listed: the guardian exits', async () => {
    const { owner, tree, events } = await startOwner({ marker: false, release: true });
    await expect.poll(() => events.includes('released')).toBe(true);
    owner.kill('SIGTERM');
    await expect.poll(running([tree.guardian]), { timeout: 10_000, interval: 20 }).toEqual([]);
  });
});

describe.runIf(onLinux)('the guardian script', () => {
  /** Runs the script as a guardian of this process, listing `lines`, then ends its input. */
  function runScript(lines: string[], prefix = ''): Promise<void> {
    const guardian = spawn('/bin/sh', ['-c', GUARDIAN_SCRIPT, 'hexagent-guardian', '0', prefix, ''], {
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    guardian.stdin?.end(lines.map((line) => `${line}\n`).join(''));
    return new Promise((resolve) => guardian.once('exit', () => resolve()));
  }

  function sleeper(): { pid: number; start: string | undefined } {
    const child = spawn('sleep', [`3105.${process.pid}`], { stdio: 'ignore' });
    const entry = { pid: child.pid as number, start: startOf(child.pid as number) };
    started.push(entry);
    return entry;
  }

  it('kills a listed process whose start matches, and leaves one whose start does not (its pid reused)', async () => {
    const listed = sleeper();
    const reused = sleeper();
    await runScript([`+${listed.pid} ${listed.start}`, `+${reused.pid} 1`]);
    expect(running([listed.pid, reused.pid])()).toEqual([reused.pid]);
  });

  it('lists a pid given without its start only when it is a child of its owner', async () => {
    const child = sleeper();
    const grandchild = spawn('/bin/sh', ['-c', `sleep 3106.${process.pid} & echo $!; wait`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const pid = await new Promise<number>((resolve) =>
      grandchild.stdout?.once('data', (d) => resolve(Number(String(d)))),
    );
    started.push(
      { pid, start: startOf(pid) },
      { pid: grandchild.pid as number, start: startOf(grandchild.pid as number) },
    );
    await runScript([`+${child.pid}`, `+${pid}`]);
    expect(running([child.pid, pid])()).toEqual([pid]);
  });

  it('forgets a process taken off the list, and ignores lines that are not entries', async () => {
    const kept = sleeper();
    const forgotten = sleeper();
    await runScript([
      `+${kept.pid} ${kept.start}`,
      `+${forgotten.pid} ${forgotten.start}`,
      `-${forgotten.pid}`,
      '+1',
      '+x; touch pwned',
      'junk',
    ]);
    expect(running([kept.pid, forgotten.pid])()).toEqual([forgotten.pid]);
  });
});

describe.runIf(onLinux)('ProcessGuardian in this process', () => {
  it('lists only children of this process: another pid starts no guardian', async () => {
    const guardian = new ProcessGuardian();
    const parent = spawn('/bin/sh', ['-c', `sleep 3109.${process.pid} & echo $!; wait`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const grandchild = await new Promise<number>((resolve) =>
      parent.stdout?.once('data', (d) => resolve(Number(String(d)))),
    );
    started.push(
      { pid: grandchild, start: startOf(grandchild) },
      { pid: parent.pid as number, start: startOf(parent.pid as number) },
    );
    guardian.guard(grandchild);
    guardian.guard(process.pid);
    guardian.guard(1);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(guardian.pid).toBeUndefined();
    guardian.close();
  });

  it('a guardian killed by someone is replaced, with what is listed', async () => {
    const guardian = new ProcessGuardian();
    const child = spawn('sleep', [`3108.${process.pid}`], { stdio: 'ignore' });
    started.push({ pid: child.pid as number, start: startOf(child.pid as number) });
    guardian.guard(child.pid);
    await expect.poll(() => guardian.pid).toBeTypeOf('number');
    const first = guardian.pid as number;
    process.kill(first, 'SIGKILL');
    await expect.poll(() => guardian.pid !== undefined && guardian.pid !== first).toBe(true);
    const second = guardian.pid as number;
    guardian.close();
    await expect.poll(running([child.pid as number]), { timeout: 10_000, interval: 20 }).toEqual([]);
    await expect.poll(() => startOf(second)).toBeUndefined();
    expect(guardian.available).toBe(false);
  });
});

describe('ProcessGuardian without a shell', () => {
  it('guards nothing, says so once, and never throws', async () => {
    const guardian = new ProcessGuardian({ shell: '/nonexistent/sh' });
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => warnings.push(warning.code ?? '');
    process.on('warning', onWarning);
    try {
      const child = spawn('sleep', ['3107'], { stdio: 'ignore' });
      started.push({ pid: child.pid as number, start: startOf(child.pid as number) });
      guardian.guard(child.pid)();
      guardian.start();
      await expect.poll(() => guardian.available).toBe(false);
      expect(guardian.guard(child.pid)).toBeTypeOf('function');
      expect(guardian.nextMarker()).toEqual({});
      await expect.poll(() => warnings).toContain('HEXAGENT_GUARDIAN_UNAVAILABLE');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
