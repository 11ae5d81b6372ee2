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
 * real CLI. It fails on a wire difference between the two SDKs that accepted-differences.json does
 * not list, and on a drift of the official SDK's wire from the committed reference recordings.
 * (The type-level checks of that release are drop-in's own typecheck, which CI runs anyway.)
 */
describe('pnpm compat:official --pinned --check', () => {
  it('finds no new wire difference and no drift from the reference recordings', async () => {
    const out = join(dir, 'report.md');
    const child = spawn(
      process.execPath,
      [join(repoPaths.compat, 'dist', 'main.js'), '--pinned', '--check', '--no-types', '--out', out],
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
    expect(report).toContain('### New differences (0)');
    expect(report).toMatch(/### The official \S+ against its committed reference recordings\n\nthe same/);
  }, 900_000);
});
