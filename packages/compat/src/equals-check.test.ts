import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEqualsChecks } from './equals-check.js';
import { repoPaths } from './repo-paths.js';

const dir = mkdtempSync(join(tmpdir(), 'compat-equals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runEqualsChecks', () => {
  it('compiles drop-in against the given release, not the installed one: a changed HOOK_EVENTS fails its check', async () => {
    const release = join(dir, 'package');
    cpSync(join(repoPaths.dropIn, 'node_modules', '@anthropic-ai', 'claude-agent-sdk'), release, {
      recursive: true,
      dereference: true,
    });
    const sdk = join(release, 'sdk.d.ts');
    writeFileSync(sdk, readFileSync(sdk, 'utf8').replace("'MessageDisplay'];", "'MessageDisplay', 'NotAnEvent'];"));
    const result = await runEqualsChecks(release, 'test-changed');
    expect(result.ok).toBe(false);
    expect(result.errors.some((error) => error.includes('[_HOOK_EVENTS]'))).toBe(true);
  }, 300_000);
});
