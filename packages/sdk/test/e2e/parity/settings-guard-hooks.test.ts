/**
 * Parity with the official SDK 0.3.332 on settings whose hooks cannot be loaded: a guard hook
 * (PreToolUse, PermissionRequest, PreSkillShellCommand) that is malformed fails its settings closed
 * (a file is not read at all, as the hook may be what guards the permissions beside it; a policy
 * loses its hooks, its restrictions stay); a malformed matcher or entry of another event is only
 * dropped. Each
 * case runs `resolveSettings` on both SDKs over the same files (no CLI).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '@hexagent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDKS } from './sdks.js';

const root = mkdtempSync(join(tmpdir(), 'guard-hooks-'));
const configDir = join(root, 'config');
const repo = join(root, 'repo');
const savedConfigDir = process.env.CLAUDE_CONFIG_DIR;
beforeAll(() => {
  mkdirSync(configDir);
  mkdirSync(join(repo, '.claude'), { recursive: true });
  process.env.CLAUDE_CONFIG_DIR = configDir;
});
afterAll(() => {
  if (savedConfigDir === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedConfigDir;
  rmSync(root, { recursive: true, force: true });
});

const command = { type: 'command', command: 'echo hi' };

/** The user file `user` (the project file sets `verbose`), resolved by each SDK: its effective settings. */
async function effectiveWith(user: Record<string, unknown>, managedSettings?: Record<string, unknown>) {
  writeFileSync(join(configDir, 'settings.json'), JSON.stringify(user));
  writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({ verbose: true }));
  const answers: Settings[] = [];
  for (const sdk of SDKS) {
    const resolved = await sdk.resolveSettings({
      cwd: repo,
      ...(managedSettings !== undefined && { managedSettings: managedSettings as Settings }),
    });
    answers.push(resolved.effective);
  }
  return answers;
}

describe('settings with hooks that cannot be loaded, on both SDKs', () => {
  it.each([
    ['a PreToolUse matcher whose hooks is not an array', { PreToolUse: [{ matcher: 'Bash', hooks: 'x' }] }],
    ['a PermissionRequest matcher that is not an object', { PermissionRequest: [42] }],
    ['a PreSkillShellCommand hook of an unknown type', { PreSkillShellCommand: [{ hooks: [{ type: 'bogus' }] }] }],
    ['a PreToolUse command hook without its command', { PreToolUse: [{ hooks: [{ type: 'command' }] }] }],
    ['a PreToolUse matcher that is not a string', { PreToolUse: [{ matcher: 7, hooks: [command] }] }],
  ])('%s: the whole file is not read', async (_, hooks) => {
    const [official, hexagent] = await effectiveWith({ model: 'user-model', permissions: { deny: ['Bash'] }, hooks });
    expect(official).toEqual({ verbose: true });
    expect(hexagent).toEqual(official);
  });

  it('a malformed PostToolUse matcher and entry are dropped, the file and the rest kept', async () => {
    const [official, hexagent] = await effectiveWith({
      model: 'user-model',
      hooks: { PostToolUse: [{ matcher: 'Bash', hooks: 'x' }, { hooks: [{ type: 'bogus' }, command] }] },
    });
    expect(official).toEqual({ model: 'user-model', hooks: { PostToolUse: [{ hooks: [command] }] }, verbose: true });
    expect(hexagent).toEqual(official);
  });

  it("the host's managedSettings with a malformed PreToolUse matcher loses its hooks, its restrictions stay", async () => {
    const deny = { permissions: { deny: ['WebFetch'] } };
    const stop = { Stop: [{ hooks: [command] }] };
    const [official, hexagent] = await effectiveWith(
      { model: 'user-model' },
      { ...deny, hooks: { PreToolUse: [{ hooks: 'x' }], ...stop } },
    );
    expect(official).toEqual({ model: 'user-model', verbose: true, ...deny });
    expect(hexagent).toEqual(official);
  });
});
