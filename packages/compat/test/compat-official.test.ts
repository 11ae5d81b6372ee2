import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPaths } from '../src/repo-paths.js';

const dir = mkdtempSync(join(tmpdir(), 'compat-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * CI's check: `pnpm compat:official --pinned --check` against the release hexagent mirrors, on the
 * real CLI. Only hexagent is recorded; the official side is the committed recordings of that release,
 * which must be complete and of packages/drop-in's devDependency and its CLI. It fails on a wire
 * difference that accepted-differences.json does not list, and on committed recordings that do not
 * match the pinned release. (`--record-official` records the official SDK too and checks it against
 * the committed recordings; the type-level checks of that release are drop-in's own typecheck.)
 */
describe('pnpm compat:official --pinned --check', () => {
  it('finds no new wire difference against the committed official recordings of the pinned release', async () => {
    const out = join(dir, 'report.md');
    const child = spawn(
      process.execPath,
      // The runtime shapes run in test/runtime-shape.test.ts, against the same release.
      [join(repoPaths.compat, 'dist', 'main.js'), '--pinned', '--check', '--no-types', '--no-shapes', '--out', out],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk)); // progress, one line a scenario
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const report = existsSync(out) ? readFileSync(out, 'utf8') : '(no report written)';
    if (code !== 0) console.log(report);
    expect(code).toBe(0);
    expect(report).toContain('## Wire: hexagent against the official');
    expect(report).toContain('## Runtime shapes\n\nnot compared (--no-shapes)');
    expect(report).toContain('### New differences (0)');
    expect(report).toMatch(/### The official \S+ against its committed reference recordings\n\nnot re-recorded/);
    expect(report).not.toContain('Committed official recordings not usable');
  }, 900_000);
});
