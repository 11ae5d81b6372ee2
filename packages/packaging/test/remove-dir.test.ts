/** The packaging suite's cleanup: bounded, never failing, and leaving no trash across runs. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir } from './helpers/remove-dir.js';

const parent = mkdtempSync(join(tmpdir(), 'hexagent-remove-dir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function tree(path: string, files = 200): string {
  for (let i = 0; i < files; i++) {
    mkdirSync(join(path, `d${i % 10}`), { recursive: true });
    writeFileSync(join(path, `d${i % 10}`, `f${i}`), 'x'.repeat(100));
  }
  return path;
}

describe('removeDir', () => {
  it('removes the tree, and the trash an earlier run left behind', async () => {
    const dir = tree(join(parent, 'work'));
    const stale = tree(join(parent, '.hexagent-trash-work-1-1'), 20);
    await removeDir(dir);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('never rejects: a path that is not there is fine', async () => {
    await expect(removeDir(join(parent, 'never-made'))).resolves.toBeUndefined();
  });

  it('returns by its deadline, the tree already out of the way, and finishes in the background', async () => {
    const dir = tree(join(parent, 'big'), 500);
    await removeDir(dir, 0);
    // Renamed aside before the wait: nothing can use the old path any more.
    expect(existsSync(dir)).toBe(false);
    await removeDir(join(parent, 'nothing'));
    expect(readdirSync(parent)).toEqual([]);
  });
});
