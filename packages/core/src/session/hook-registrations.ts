import type { HookCallback } from '../types/hooks/hook-callback.js';
import type { HookEvent } from '../types/hooks/hook-events.js';
import type { Options } from '../types/options.js';

/** Default bound on a hook callback (`options.hookTimeoutMs`): 10 minutes, like `canUseTool`. */
export const DEFAULT_HOOK_TIMEOUT_MS = 10 * 60_000;

/** One hook callback as registered for the CLI: the function, and the timeout the CLI applies to it. */
export interface RegisteredHook {
  callback: HookCallback;
  /** The matcher's `timeout` (or `hookTimeoutMs`, also for a timeout that is not a positive number), in milliseconds. */
  timeoutMs: number;
}

/** One hook matcher as `initialize` sends it. */
export interface HookMatcherConfig {
  matcher?: string;
  hookCallbackIds: string[];
  /** In seconds, as the CLI reads it. */
  timeout: number;
  onFailure?: 'continue' | 'block';
  /** Matcher fields the official SDK forwards but does not type: passed on as given, when set. */
  contextOnly?: unknown;
  replacedByFrame?: unknown;
  whenUnanswered?: unknown;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Matcher fields the official SDK sends in `initialize` without declaring them in its public
 * `HookCallbackMatcher` type; forwarded as given when a matcher carries them, in this order.
 */
const UNTYPED_MATCHER_FIELDS = ['contextOnly', 'replacedByFrame', 'whenUnanswered'] as const;

/** The session's hook callbacks, each under the id the CLI calls it by. */
export interface HookRegistrations {
  /** The `hooks` field of `initialize`; `undefined` when no event has a matcher. */
  config: Partial<Record<HookEvent, HookMatcherConfig[]>> | undefined;
  /** The callbacks by id (`hook_0`, `hook_1`, ...), for the `hook_callback` handler. */
  callbacks: ReadonlyMap<string, RegisteredHook>;
}

/**
 * Gives every hook callback of `options.hooks` an id (`hook_0`, `hook_1`, ... in the order of the
 * options, one counter for every event) and builds the `hooks` field of `initialize`, each matcher
 * as the official SDK writes it (`matcher`, `hookCallbackIds`, `timeout`, `onFailure`, and the
 * untyped `contextOnly`, `replacedByFrame`, `whenUnanswered` when a matcher carries them). Every
 * matcher gets a timeout (its own, or `hookTimeoutMs`, default {@link DEFAULT_HOOK_TIMEOUT_MS}),
 * so a hook that never answers cannot stall the CLI forever. Events with no matcher are left out;
 * events this release does not know are registered like the others (the CLI decides). Expects
 * options that passed `checkSessionOptions`.
 *
 * @example
 * ```ts
 * const { config, callbacks } = registerHooks({ hooks: { Stop: [{ hooks: [onStop] }] } });
 * // config: { Stop: [{ hookCallbackIds: ['hook_0'], timeout: 600 }] }; callbacks.get('hook_0')
 * ```
 */
export function registerHooks(options: Pick<Options, 'hooks' | 'hookTimeoutMs'>): HookRegistrations {
  const callbacks = new Map<string, RegisteredHook>();
  const hooks = options.hooks;
  if (hooks === undefined) return { config: undefined, callbacks };
  const defaultTimeoutMs = options.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  const config: Partial<Record<HookEvent, HookMatcherConfig[]>> = {};
  for (const [event, matchers] of Object.entries(hooks) as [HookEvent, (typeof hooks)[HookEvent]][]) {
    if (matchers === undefined || matchers.length === 0) continue;
    config[event] = matchers.map((matcher) => {
      const timeoutSeconds = matcher.timeout ?? defaultTimeoutMs / 1000;
      // The wire carries the matcher's timeout as given; our own bound on the callback needs a usable one.
      const timeoutMs = isPositiveNumber(timeoutSeconds) ? timeoutSeconds * 1000 : defaultTimeoutMs;
      const ids = matcher.hooks.map((callback) => {
        const id = `hook_${callbacks.size}`;
        callbacks.set(id, { callback, timeoutMs });
        return id;
      });
      // In the official SDK's key order: matcher, hookCallbackIds, timeout, onFailure, then the untyped fields.
      const wire: HookMatcherConfig = {
        ...(matcher.matcher !== undefined && { matcher: matcher.matcher }),
        hookCallbackIds: ids,
        timeout: timeoutSeconds,
        ...(matcher.onFailure !== undefined && { onFailure: matcher.onFailure }),
      };
      const untyped = matcher as unknown as Partial<Record<(typeof UNTYPED_MATCHER_FIELDS)[number], unknown>>;
      for (const field of UNTYPED_MATCHER_FIELDS) {
        if (untyped[field] !== undefined) wire[field] = untyped[field];
      }
      return wire;
    });
  }
  return { config: Object.keys(config).length > 0 ? config : undefined, callbacks };
}
