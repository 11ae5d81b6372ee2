import type { PermissionUpdate } from '../permissions/permission-update.js';

/** What a hook callback returns: a synchronous answer, or `{ async: true }` to answer later. */
export type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;

/** A deferred hook answer. */
export type AsyncHookJSONOutput = {
  /** The hook answers later. */
  async: true;
  /** How long the CLI waits for the later answer, in milliseconds. */
  asyncTimeout?: number;
};

/** A hook answer: whether to go on, a decision, messages, and event-specific output. */
export type SyncHookJSONOutput = {
  /** Whether the agent goes on after the hook (default `true`). */
  continue?: boolean;
  /** Hide the hook's output from the transcript. */
  suppressOutput?: boolean;
  /** Shown when `continue` is `false`. */
  stopReason?: string;
  /** `block` blocks the action the event guards. */
  decision?: 'approve' | 'block';
  /** A message shown to the user. */
  systemMessage?: string;
  terminalSequence?: string;
  /** Why, for `decision`. */
  reason?: string;
  /** Output specific to the event (`hookEventName` says which). */
  hookSpecificOutput?:
    | PreToolUseHookSpecificOutput
    | UserPromptSubmitHookSpecificOutput
    | UserPromptExpansionHookSpecificOutput
    | SessionStartHookSpecificOutput
    | SetupHookSpecificOutput
    | PreModelSwitchHookSpecificOutput
    | PostModelSwitchHookSpecificOutput
    | SubagentStartHookSpecificOutput
    | PostToolUseHookSpecificOutput
    | PostToolUseFailureHookSpecificOutput
    | PostToolBatchHookSpecificOutput
    | StopHookSpecificOutput
    | SubagentStopHookSpecificOutput
    | PermissionDeniedHookSpecificOutput
    | NotificationHookSpecificOutput
    | PermissionRequestHookSpecificOutput
    | ElicitationHookSpecificOutput
    | ElicitationResultHookSpecificOutput
    | CwdChangedHookSpecificOutput
    | FileChangedHookSpecificOutput
    | WorktreeCreateHookSpecificOutput
    | MessageDisplayHookSpecificOutput
    | PreSkillShellCommandHookSpecificOutput;
};

/** What a `PreToolUse` hook decides about a tool call. */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** What a `PreToolUse` hook may return as `hookSpecificOutput`. */
export type PreToolUseHookSpecificOutput = {
  hookEventName: 'PreToolUse';
  /** Allow, deny, ask the user, or defer the tool call. */
  permissionDecision?: HookPermissionDecision;
  /** Why; the model sees it on a deny. */
  permissionDecisionReason?: string;
  /** The input the tool runs with instead. */
  updatedInput?: Record<string, unknown>;
  /** Text added to the model's context. */
  additionalContext?: string;
};

/** What a `PreSkillShellCommand` hook may return as `hookSpecificOutput`. */
export type PreSkillShellCommandHookSpecificOutput = {
  hookEventName: 'PreSkillShellCommand';
  /** `allow` adds nothing: the command runs unless a hook refuses it. `deny`, `ask` and `defer` all keep it from running. */
  permissionDecision?: HookPermissionDecision;
  permissionDecisionReason?: string;
  /** Never applied. Any value keeps the command from running. */
  updatedInput?: Record<string, unknown>;
};

/** What a `UserPromptSubmit` hook may return as `hookSpecificOutput`. */
export type UserPromptSubmitHookSpecificOutput = {
  hookEventName: 'UserPromptSubmit';
  additionalContext?: string;
  sessionTitle?: string;
  suppressOriginalPrompt?: boolean;
};

/** What a `UserPromptExpansion` hook may return as `hookSpecificOutput`. */
export type UserPromptExpansionHookSpecificOutput = {
  hookEventName: 'UserPromptExpansion';
  additionalContext?: string;
  suppressOriginalPrompt?: boolean;
};

/** What a `SessionStart` hook may return as `hookSpecificOutput`. */
export type SessionStartHookSpecificOutput = {
  hookEventName: 'SessionStart';
  additionalContext?: string;
  initialUserMessage?: string;
  sessionTitle?: string;
  watchPaths?: string[];
  reloadSkills?: boolean;
};

/** What a `Setup` hook may return as `hookSpecificOutput`. */
export type SetupHookSpecificOutput = {
  hookEventName: 'Setup';
  additionalContext?: string;
};

/** What a `PreModelSwitch` hook may return as `hookSpecificOutput`. */
export type PreModelSwitchHookSpecificOutput = {
  hookEventName: 'PreModelSwitch';
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
};

/** What a `PostModelSwitch` hook may return as `hookSpecificOutput`. */
export type PostModelSwitchHookSpecificOutput = {
  hookEventName: 'PostModelSwitch';
  additionalContext?: string;
};

/** What a `SubagentStart` hook may return as `hookSpecificOutput`. */
export type SubagentStartHookSpecificOutput = {
  hookEventName: 'SubagentStart';
  additionalContext?: string;
};

/** What a `PostToolUse` hook may return as `hookSpecificOutput`. */
export type PostToolUseHookSpecificOutput = {
  hookEventName: 'PostToolUse';
  additionalContext?: string;
  classifierContext?: string;
  updatedToolOutput?: unknown;
  updatedMCPToolOutput?: unknown;
};

/** What a `PostToolUseFailure` hook may return as `hookSpecificOutput`. */
export type PostToolUseFailureHookSpecificOutput = {
  hookEventName: 'PostToolUseFailure';
  additionalContext?: string;
};

/** What a `PostToolBatch` hook may return as `hookSpecificOutput`. */
export type PostToolBatchHookSpecificOutput = {
  hookEventName: 'PostToolBatch';
  additionalContext?: string;
};

/** What a `Stop` hook may return as `hookSpecificOutput`. */
export type StopHookSpecificOutput = {
  hookEventName: 'Stop';
  additionalContext?: string;
};

/** What a `SubagentStop` hook may return as `hookSpecificOutput`. */
export type SubagentStopHookSpecificOutput = {
  hookEventName: 'SubagentStop';
  additionalContext?: string;
};

/** What a `PermissionDenied` hook may return as `hookSpecificOutput`. */
export type PermissionDeniedHookSpecificOutput = {
  hookEventName: 'PermissionDenied';
  retry?: boolean;
};

/** What a `Notification` hook may return as `hookSpecificOutput`. */
export type NotificationHookSpecificOutput = {
  hookEventName: 'Notification';
  additionalContext?: string;
};

/** What a `PermissionRequest` hook may return as `hookSpecificOutput`. */
export type PermissionRequestHookSpecificOutput = {
  hookEventName: 'PermissionRequest';
  decision:
    | {
        behavior: 'allow';
        updatedInput?: Record<string, unknown>;
        updatedPermissions?: PermissionUpdate[];
      }
    | {
        behavior: 'deny';
        message?: string;
        interrupt?: boolean;
      };
};

/** What a `Elicitation` hook may return as `hookSpecificOutput`. */
export type ElicitationHookSpecificOutput = {
  hookEventName: 'Elicitation';
  action?: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** What a `ElicitationResult` hook may return as `hookSpecificOutput`. */
export type ElicitationResultHookSpecificOutput = {
  hookEventName: 'ElicitationResult';
  action?: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** What a `CwdChanged` hook may return as `hookSpecificOutput`. */
export type CwdChangedHookSpecificOutput = {
  hookEventName: 'CwdChanged';
  watchPaths?: string[];
};

/** What a `FileChanged` hook may return as `hookSpecificOutput`. */
export type FileChangedHookSpecificOutput = {
  hookEventName: 'FileChanged';
  watchPaths?: string[];
};

/** What a `WorktreeCreate` hook may return as `hookSpecificOutput`. */
export type WorktreeCreateHookSpecificOutput = {
  hookEventName: 'WorktreeCreate';
  worktreePath: string;
};

/** What a `MessageDisplay` hook may return as `hookSpecificOutput`. */
export type MessageDisplayHookSpecificOutput = {
  hookEventName: 'MessageDisplay';
  displayContent?: string;
};
