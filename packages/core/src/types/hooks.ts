/** Hook types: events, typed inputs and outputs, and the callback shape. */

import type { PermissionMode, PermissionUpdate } from './permissions.js';

/** Every hook event the CLI supports. */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'UserPromptSubmit',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PermissionRequest',
] as const;

/** A hook event name. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Fields every hook input carries. */
export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode?: PermissionMode | string;
  [key: string]: unknown;
}

/** Before a tool runs. */
export interface PreToolUseHookInput extends BaseHookInput {
  hook_event_name: 'PreToolUse';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
}

/** After a tool ran. */
export interface PostToolUseHookInput extends BaseHookInput {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: unknown;
  tool_use_id: string;
}

/** After a tool failed. */
export interface PostToolUseFailureHookInput extends BaseHookInput {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
}

/** A notification from the CLI. */
export interface NotificationHookInput extends BaseHookInput {
  hook_event_name: 'Notification';
  message: string;
  title?: string;
}

/** The user submitted a prompt. */
export interface UserPromptSubmitHookInput extends BaseHookInput {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
}

/** A session started. */
export interface SessionStartHookInput extends BaseHookInput {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | (string & {});
}

/** A session ended. */
export interface SessionEndHookInput extends BaseHookInput {
  hook_event_name: 'SessionEnd';
  reason: string;
}

/** The agent is about to stop. */
export interface StopHookInput extends BaseHookInput {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
}

/** A sub-agent started. */
export interface SubagentStartHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStart';
  agent_id: string;
  agent_type: string;
}

/** A sub-agent is about to stop. */
export interface SubagentStopHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
}

/** The conversation is about to be compacted. */
export interface PreCompactHookInput extends BaseHookInput {
  hook_event_name: 'PreCompact';
  trigger: 'manual' | 'auto';
  custom_instructions: string | null;
}

/** A permission dialog is about to be shown. */
export interface PermissionRequestHookInput extends BaseHookInput {
  hook_event_name: 'PermissionRequest';
  tool_name: string;
  tool_input: Record<string, unknown>;
  permission_suggestions?: PermissionUpdate[];
}

/** The input of any hook event. */
export type HookInput =
  | PreToolUseHookInput
  | PostToolUseHookInput
  | PostToolUseFailureHookInput
  | NotificationHookInput
  | UserPromptSubmitHookInput
  | SessionStartHookInput
  | SessionEndHookInput
  | StopHookInput
  | SubagentStartHookInput
  | SubagentStopHookInput
  | PreCompactHookInput
  | PermissionRequestHookInput;

/** Event-specific output of a hook. */
export type HookSpecificOutput =
  | {
      hookEventName: 'PreToolUse';
      permissionDecision?: 'allow' | 'deny' | 'ask';
      permissionDecisionReason?: string;
      updatedInput?: Record<string, unknown>;
    }
  | { hookEventName: 'UserPromptSubmit'; additionalContext?: string }
  | { hookEventName: 'SessionStart'; additionalContext?: string }
  | { hookEventName: 'PostToolUse'; additionalContext?: string }
  | {
      hookEventName: 'PermissionRequest';
      decision:
        | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
        | { behavior: 'deny'; message?: string; interrupt?: boolean };
    }
  | { hookEventName: string; [key: string]: unknown };

/** What a hook callback returns; sent to the CLI as is. */
export interface HookJSONOutput {
  /** Whether the agent should go on (default true). */
  continue?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  reason?: string;
  hookSpecificOutput?: HookSpecificOutput;
  /** Defer the decision: `{ async: true, asyncTimeout }`. */
  async?: boolean;
  asyncTimeout?: number;
  [key: string]: unknown;
}

/** A hook callback. `toolUseID` is set for tool events. */
export type HookCallback = (
  input: HookInput,
  toolUseID: string | undefined,
  options: { signal: AbortSignal },
) => Promise<HookJSONOutput>;

/** Callbacks for one event, optionally filtered by a tool-name matcher (a regular expression). */
export interface HookCallbackMatcher {
  /** A tool-name pattern such as `mcp__calc__.*` or `Bash`; all tools when omitted. */
  matcher?: string;
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
