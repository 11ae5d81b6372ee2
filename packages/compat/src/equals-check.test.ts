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
    const original = readFileSync(sdk, 'utf8');
    const changed = original.replace(/(HOOK_EVENTS: readonly \[[^\]]*)\]/, "$1, 'NotAnEvent']");
    expect(changed).not.toBe(original);
    writeFileSync(sdk, changed);
    const result = await runEqualsChecks(release, 'test-changed');
    expect(result.ok).toBe(false);
    expect(result.errors.some((error) => error.includes('[_HOOK_EVENTS]'))).toBe(true);
  }, 300_000);
});
