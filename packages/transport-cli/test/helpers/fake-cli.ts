/** Test helpers: fake Claude Code CLIs (small Node scripts) and process checks. */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const tempDirs: string[] = [];

/** The fake CLIs in `test/fixtures`. */
export type FakeCliName =
  | 'scripted'
  | 'raw-output'
  | 'print-lines'
  | 'big-line'
  | 'info'
  | 'close-stdin'
  | 'ignore-sigterm'
  | 'echo-peer';

/** A fresh temporary directory, removed by {@link removeTempDirs}. */
export function makeTempDir(prefix = 'hexagent-transport-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Remove every directory {@link makeTempDir} made. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Install a fixture as an executable without extension (`#!/usr/bin/env node`, mode 755) in a
 * temporary directory, the way a native `claude` binary would sit on disk, and return its path.
 */
export function installFakeCli(name: FakeCliName, dir: string = makeTempDir()): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/usr/bin/env node\n${readFileSync(join(FIXTURES, `${name}.cjs`), 'utf8')}`);
  chmodSync(path, 0o755);
  return path;
}

/** Copy the JavaScript fixture `script-cli.mjs` (not executable) into a temporary directory. */
export function installScriptCli(): string {
  const path = join(makeTempDir(), 'cli.mjs');
  copyFileSync(join(FIXTURES, 'script-cli.mjs'), path);
  chmodSync(path, 0o644);
  return path;
}

/** Write an executable file with the given content. */
export function writeExecutable(path: string, content: string, mode = 0o755): string {
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

/** Base64 of `text` as UTF-8, for the fixtures' `FAKE_STDOUT` and `FAKE_STDERR`. */
export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Drain an async iterable, catching the error that ends it, if any. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Wait until `predicate` holds, polling, or fail after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The value a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
