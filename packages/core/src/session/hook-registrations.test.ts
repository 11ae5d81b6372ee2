import { describe, expect, it, vi } from 'vitest';
import type { HookCallback, HookCallbackMatcher, HooksOptions } from '../types/hooks/hook-callback.js';
import { HOOK_EVENTS } from '../types/hooks/hook-events.js';
import { DEFAULT_HOOK_TIMEOUT_MS, registerHooks } from './hook-registrations.js';

const hook = (): HookCallback => vi.fn(async () => ({}));

describe('registerHooks', () => {
  it('registers nothing without hooks', () => {
    const { config, callbacks } = registerHooks({});
    expect(config).toBeUndefined();
    expect(callbacks.size).toBe(0);
  });

  it('numbers the callbacks hook_0, hook_1, ... in the order of the options, each with its timeout in ms', () => {
    const [a, b, c, d] = [hook(), hook(), hook(), hook()];
    const { config, callbacks } = registerHooks({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [a, b], timeout: 30 }],
        Stop: [{ hooks: [c] }, { hooks: [d], onFailure: 'block' }],
      },
    });
    expect(config).toEqual({
      PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0', 'hook_1'], timeout: 30 }],
      Stop: [
        { hookCallbackIds: ['hook_2'], timeout: DEFAULT_HOOK_TIMEOUT_MS / 1000 },
        { hookCallbackIds: ['hook_3'], timeout: DEFAULT_HOOK_TIMEOUT_MS / 1000, onFailure: 'block' },
      ],
    });
    expect([...callbacks]).toEqual([
      ['hook_0', { callback: a, timeoutMs: 30_000 }],
      ['hook_1', { callback: b, timeoutMs: 30_000 }],
      ['hook_2', { callback: c, timeoutMs: DEFAULT_HOOK_TIMEOUT_MS }],
      ['hook_3', { callback: d, timeoutMs: DEFAULT_HOOK_TIMEOUT_MS }],
    ]);
  });

  it('writes each matcher in the recorded wire order matcher, hookCallbackIds, timeout, onFailure', () => {
    const { config } = registerHooks({
      hooks: { PreToolUse: [{ onFailure: 'continue', timeout: 5, hooks: [hook()], matcher: 'Read' }] },
    });
    expect(Object.keys(config?.PreToolUse?.[0] ?? {})).toEqual(['matcher', 'hookCallbackIds', 'timeout', 'onFailure']);
    // As recorded from the official SDK (hooks-all): {"matcher":"Bash","hookCallbackIds":["hook_0"],"timeout":30}.
    expect(
      JSON.stringify(
        registerHooks({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook()], timeout: 30 }] } }).config,
      ),
    ).toBe('{"PreToolUse":[{"matcher":"Bash","hookCallbackIds":["hook_0"],"timeout":30}]}');
  });

  it('forwards the untyped matcher fields contextOnly, replacedByFrame, whenUnanswered as given, when set', () => {
    const matcher = {
      whenUnanswered: 'allow',
      replacedByFrame: { frame: 1 },
      contextOnly: true,
      hooks: [hook()],
      onFailure: 'block',
    } as HookCallbackMatcher;
    const { config } = registerHooks({ hooks: { PermissionRequest: [matcher, { hooks: [hook()], timeout: 2 }] } });
    expect(config?.PermissionRequest).toEqual([
      {
        hookCallbackIds: ['hook_0'],
        timeout: DEFAULT_HOOK_TIMEOUT_MS / 1000,
        onFailure: 'block',
        contextOnly: true,
        replacedByFrame: { frame: 1 },
        whenUnanswered: 'allow',
      },
      { hookCallbackIds: ['hook_1'], timeout: 2 },
    ]);
    expect(Object.keys(config?.PermissionRequest?.[0] ?? {})).toEqual([
      'hookCallbackIds',
      'timeout',
      'onFailure',
      'contextOnly',
      'replacedByFrame',
      'whenUnanswered',
    ]);
  });

  it('registers every one of the 34 events, one id each from a single counter, in the order of the options', () => {
    const hooks = Object.fromEntries(HOOK_EVENTS.map((event) => [event, [{ hooks: [hook()] }]])) as HooksOptions;
    const { config, callbacks } = registerHooks({ hooks });
    expect(HOOK_EVENTS).toHaveLength(34);
    expect(Object.keys(config ?? {})).toEqual([...HOOK_EVENTS]);
    HOOK_EVENTS.forEach((event, index) => {
      expect(config?.[event]).toEqual([
        { hookCallbackIds: [`hook_${index}`], timeout: DEFAULT_HOOK_TIMEOUT_MS / 1000 },
      ]);
    });
    expect(callbacks.size).toBe(34);
  });

  it('gives matchers without a timeout hookTimeoutMs, in seconds', () => {
    const { config, callbacks } = registerHooks({ hookTimeoutMs: 1_500, hooks: { Stop: [{ hooks: [hook()] }] } });
    expect(config).toEqual({ Stop: [{ hookCallbackIds: ['hook_0'], timeout: 1.5 }] });
    expect(callbacks.get('hook_0')?.timeoutMs).toBe(1_500);
  });

  it('registers an event this release does not know like the others, and sends a timeout as given', () => {
    const hooks = { FutureEvent: [{ hooks: [hook()], timeout: 0 }] } as unknown as HooksOptions;
    const { config, callbacks } = registerHooks({ hookTimeoutMs: 2_000, hooks });
    expect(config).toEqual({ FutureEvent: [{ hookCallbackIds: ['hook_0'], timeout: 0 }] });
    // Our own bound on the callback falls back to hookTimeoutMs: a zero deadline would fail it at once.
    expect(callbacks.get('hook_0')?.timeoutMs).toBe(2_000);
  });

  it('leaves out events without matchers, and has no config when none has one', () => {
    expect(
      registerHooks({ hooks: { PreToolUse: [], Stop: undefined } as unknown as HooksOptions }).config,
    ).toBeUndefined();
    expect(Object.keys(registerHooks({ hooks: { PreToolUse: [], Stop: [{ hooks: [hook()] }] } }).config ?? {})).toEqual(
      ['Stop'],
    );
  });
});
