import type { HookCallback, HookInput, Options, PermissionUpdate } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { watchPermissionUpdates } from '../src/watch-permission-updates.js';

const rule: PermissionUpdate = {
  type: 'addRules',
  rules: [{ toolName: 'Bash' }],
  behavior: 'allow',
  destination: 'session',
};
const context = { signal: new AbortController().signal, toolUseID: 't', requestId: 'r' };

describe('watchPermissionUpdates', () => {
  it('reports a canUseTool answer with updatedPermissions and passes every answer through', async () => {
    let updates = 0;
    const answers = [
      { behavior: 'allow' as const, updatedInput: {}, updatedPermissions: [rule] },
      { behavior: 'allow' as const, updatedInput: {}, updatedPermissions: [] },
      { behavior: 'deny' as const, message: 'no' },
    ];
    let next = 0;
    const options: Options = { canUseTool: async () => answers[next++] ?? null };
    const watched = watchPermissionUpdates(options, () => updates++);
    for (const answer of answers) expect(await watched.canUseTool?.('Bash', {}, context)).toEqual(answer);
    expect(updates).toBe(1);
  });

  it('reports a PermissionRequest hook that allows with updatedPermissions; other hooks are left as they are', async () => {
    let updates = 0;
    const allow: HookCallback = async () => ({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedPermissions: [rule] },
      },
    });
    const plain: HookCallback = async () => ({});
    const stop: HookCallback = async () => ({});
    const options: Options = {
      hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [allow, plain] }], Stop: [{ hooks: [stop] }] },
    };
    const watched = watchPermissionUpdates(options, () => updates++);
    const [matcher] = watched.hooks?.PermissionRequest ?? [];
    expect(matcher?.matcher).toBe('Bash');
    const input = { hook_event_name: 'PermissionRequest' } as unknown as HookInput;
    for (const hook of matcher?.hooks ?? []) await hook(input, 't', { signal: context.signal });
    expect(updates).toBe(1);
    expect(watched.hooks?.Stop?.[0]?.hooks[0]).toBe(stop);
  });

  it('returns options without either as they are', () => {
    const options: Options = { model: 'sonnet' };
    expect(watchPermissionUpdates(options, () => {})).toBe(options);
  });
});
