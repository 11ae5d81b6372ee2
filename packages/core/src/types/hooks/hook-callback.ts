import type { HookEvent } from './hook-events.js';
import type { HookInput } from './hook-inputs.js';
import type { HookJSONOutput } from './hook-outputs.js';

/**
 * A hook callback. `toolUseID` is set for tool events; `signal` aborts when the CLI withdraws the
 * request, the session ends or the matcher's `timeout` elapses.
 */
export type HookCallback = (
  input: HookInput,
  toolUseID: string | undefined,
  options: {
    signal: AbortSignal;
  },
) => Promise<HookJSONOutput>;

/**
 * Hook callbacks for one event, optionally filtered by a matcher (a tool-name pattern such as
 * `Bash` or `mcp__calc__.*`).
 */
export interface HookCallbackMatcher {
  /** A tool-name pattern such as `mcp__calc__.*` or `Bash`; all tools when omitted. */
  matcher?: string;
  /** The callbacks, run for each matching event. */
  hooks: HookCallback[];
  /**
   * Timeout for these callbacks, in seconds (passed to the CLI, which withdraws the request when it
   * elapses and, for `PreToolUse`, does not run the tool). Defaults to `options.hookTimeoutMs`.
   */
  timeout?: number;
  /**
   * What a callback that throws (or returns an invalid answer) does. `'continue'` (the CLI's
   * default): the failure is reported as a `system` message and the action goes ahead as if the hook
   * had returned `{}`. `'block'`: the failure blocks the action the event guards (a tool call, a
   * permission request, a prompt), as a failing command hook does.
   */
  onFailure?: 'continue' | 'block';
}

/** The `hooks` option: callbacks per event. */
export type HooksOptions = Partial<Record<HookEvent, HookCallbackMatcher[]>>;
