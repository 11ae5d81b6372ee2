import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../test/helpers/fakes.js';
import { AbortError } from '../../errors/abort-error.js';
import type { HookCallback } from '../../types/hooks/hook-callback.js';
import type { HookJSONOutput } from '../../types/hooks/hook-outputs.js';
import { ManualClock } from '../../util/manual-clock.js';
import type { RegisteredHook } from '../hook-registrations.js';
import { createHookCallbackHandler, HOOK_TIMEOUT_GRACE_MS } from './hook-callback-handler.js';

const input = { hook_event_name: 'Stop', session_id: 's1', transcript_path: '/t', cwd: '/w' };

function handlerWith(callback: HookCallback, timeoutMs = 1_000, clock?: ManualClock) {
  const hooks = new Map<string, RegisteredHook>([['hook_0', { callback, timeoutMs }]]);
  return createHookCallbackHandler((id) => hooks.get(id), clock);
}

/** Moves `clock` on by `ms`, then lets the callbacks it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  await flush();
}

describe('createHookCallbackHandler', () => {
  it('calls the callback with (input, toolUseID, { signal }) and answers its output as is', async () => {
    const output = { continue: true, custom: { untouched: [1] } };
    const callback = vi.fn<HookCallback>(async () => output);
    const signal = new AbortController().signal;
    const answer = await handlerWith(callback)(
      { subtype: 'hook_callback', callback_id: 'hook_0', input, tool_use_id: 'toolu_1' },
      { signal },
    );
    expect(answer).toBe(output);
    expect(callback).toHaveBeenCalledWith(input, 'toolu_1', { signal: expect.any(AbortSignal) });
    expect(callback.mock.calls[0]?.[2].signal).not.toBe(signal);
  });

  it.each<[string, HookJSONOutput]>([
    [
      'WorktreeCreate worktreePath',
      { hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: '/tmp/wt' } },
    ],
    [
      'a PermissionRequest decision',
      {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: [] },
        },
      },
    ],
    [
      'a PreToolUse permission decision with updatedInput',
      {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: 'echo rewritten' },
          additionalContext: 'PRE-CONTEXT',
        },
      },
    ],
    [
      'UserPromptSubmit additionalContext',
      { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'PROMPT-CONTEXT' } },
    ],
    ['SessionStart watchPaths', { hookSpecificOutput: { hookEventName: 'SessionStart', watchPaths: ['/w/a.txt'] } }],
    ['Stop systemMessage with decision', { systemMessage: 'Stop says hi', decision: 'block', reason: 'more' }],
    ['an async output', { async: true, asyncTimeout: 30_000 }],
  ])('passes %s back unchanged', async (_name, output) => {
    const answer = await handlerWith(async () => output)(
      { subtype: 'hook_callback', callback_id: 'hook_0', input },
      { signal: new AbortController().signal },
    );
    expect(answer).toBe(output);
    expect(answer).toEqual(structuredClone(output));
  });

  it('passes toolUseID undefined when the request has none, and answers {} for an empty output', async () => {
    const callback = vi.fn<HookCallback>(async () => undefined as unknown as Record<string, never>);
    const answer = await handlerWith(callback)(
      { subtype: 'hook_callback', callback_id: 'hook_0', input },
      { signal: new AbortController().signal },
    );
    expect(answer).toEqual({});
    expect(callback.mock.calls[0]?.[1]).toBeUndefined();
  });

  it('rejects an unknown callback id, naming it in the official wording', async () => {
    const callback = vi.fn<HookCallback>();
    const handle = handlerWith(callback);
    const signal = new AbortController().signal;
    await expect(handle({ subtype: 'hook_callback', callback_id: 'hook_9', input }, { signal })).rejects.toThrow(
      'No hook callback found for ID: hook_9',
    );
    await expect(handle({ subtype: 'hook_callback', input }, { signal })).rejects.toThrow(
      'No hook callback found for ID: undefined',
    );
    expect(callback).not.toHaveBeenCalled();
  });

  it('passes what the callback throws on as the rejection', async () => {
    const failure = new Error('hook exploded');
    const handle = handlerWith(() => Promise.reject(failure));
    await expect(
      handle({ subtype: 'hook_callback', callback_id: 'hook_0', input }, { signal: new AbortController().signal }),
    ).rejects.toBe(failure);
  });

  it('lets a callback that never settles go after its timeout plus the grace period, aborting its signal', async () => {
    expect(HOOK_TIMEOUT_GRACE_MS).toBe(5_000);
    const clock = new ManualClock();
    let seen: AbortSignal | undefined;
    const answer = handlerWith(
      (_input, _id, { signal }) => {
        seen = signal;
        return new Promise(() => {});
      },
      2_000,
      clock,
    )({ subtype: 'hook_callback', callback_id: 'hook_0', input }, { signal: new AbortController().signal });
    const settled = answer.catch((error: unknown) => error);
    await advance(clock, 6_999);
    expect(seen?.aborted).toBe(false);
    await advance(clock, 1);
    expect(await settled).toEqual(new Error('Hook callback hook_0 did not answer within 7000 ms'));
    expect(seen?.aborted).toBe(true);
  });

  it('rejects with AbortError and aborts the callback’s signal when the request is withdrawn', async () => {
    const withdrawn = new AbortController();
    let seen: AbortSignal | undefined;
    const answer = handlerWith((_input, _id, { signal }) => {
      seen = signal;
      return new Promise(() => {});
    })({ subtype: 'hook_callback', callback_id: 'hook_0', input }, { signal: withdrawn.signal });
    const settled = answer.catch((error: unknown) => error);
    await vi.waitFor(() => expect(seen).toBeDefined());
    withdrawn.abort('cancelled');
    expect(AbortError.isInstance(await settled)).toBe(true);
    expect(seen?.reason).toBe('cancelled');
  });
});
