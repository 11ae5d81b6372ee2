import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGatedProcess } from './gated-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A Node.js program with `source` as its body, in a temp dir; returns its path and dir. */
function program(source: string): { file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hexagent-gated-'));
  dirs.push(dir);
  const file = join(dir, 'program.mjs');
  writeFileSync(file, source);
  return { file, dir };
}

/** Prints ready, then writes the line it is let go with to `<dir>/got` and exits with code 3 on `fail`. */
const ECHO = `
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const line = once(createInterface({ input: process.stdin }), 'line');
process.stdout.write('ready\\n');
const [got] = await line;
writeFileSync(process.argv[2] + '/got', got);
if (got === 'fail') process.exit(3);
`;

describe('startGatedProcess', () => {
  it('resolves at the ready line; go(line) hands the program its order, `go` by default', async () => {
    const { file, dir } = program(ECHO);
    const plain = await startGatedProcess(file, [dir]);
    plain.go();
    await plain.exited;
    expect(readFileSync(join(dir, 'got'), 'utf8')).toBe('go');
    const ordered = await startGatedProcess(file, [dir]);
    ordered.go('{"key":"value"}');
    await ordered.exited;
    expect(readFileSync(join(dir, 'got'), 'utf8')).toBe('{"key":"value"}');
  });

  it('exited rejects when the program exits with a code other than 0', async () => {
    const { file, dir } = program(ECHO);
    const failing = await startGatedProcess(file, [dir]);
    failing.go('fail');
    await expect(failing.exited).rejects.toThrow(/exited with 3/);
  });

  it('rejects the start when the program dies before its ready line, with code 0 or not', async () => {
    await expect(startGatedProcess(program('process.exit(0);').file, [])).rejects.toThrow(/exited before it was ready/);
    await expect(startGatedProcess(program('process.exit(2);').file, [])).rejects.toThrow(/exited with 2/);
  });
});
