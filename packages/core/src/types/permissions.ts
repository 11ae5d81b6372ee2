/** Permission types: the `canUseTool` callback and what it answers. */

/** A permission mode of the CLI. */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

/** Where a permission update is stored. */
export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';

/** A permission rule: a tool name and an optional rule content (e.g. a command prefix). */
export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

/** A change to the permission rules, as the CLI suggests it and accepts it back. */
export type PermissionUpdate =
  | {
      type: 'addRules' | 'replaceRules' | 'removeRules';
      rules: PermissionRuleValue[];
      behavior: 'allow' | 'deny' | 'ask';
      destination: PermissionUpdateDestination;
    }
  | { type: 'setMode'; mode: PermissionMode; destination: PermissionUpdateDestination }
  | {
      type: 'addDirectories' | 'removeDirectories';
      directories: string[];
      destination: PermissionUpdateDestination;
    }
  | { type: string; [key: string]: unknown };

/** Allow the tool call, optionally with changed input and new rules. */
export interface PermissionAllow {
  behavior: 'allow';
  /** The input the tool will run with; defaults to the input the model gave. */
  updatedInput?: Record<string, unknown>;
  /** Rules to add so the CLI stops asking (usually one of the `suggestions`). */
  updatedPermissions?: PermissionUpdate[];
}

/** Deny the tool call; `message` reaches the model. */
export interface PermissionDeny {
  behavior: 'deny';
  /** Why; the model sees this text as the tool's error result. */
  message: string;
  /** Also interrupt the turn. */
  interrupt?: boolean;
}

/** What a `canUseTool` callback answers. */
export type PermissionResult = PermissionAllow | PermissionDeny;

/** Context handed to a `canUseTool` callback. */
export interface CanUseToolOptions {
  /** Aborted when the CLI withdraws the request, the session ends, or `permissionTimeoutMs` elapses. */
  signal: AbortSignal;
  /** Rule changes the CLI proposes (e.g. "always allow this tool"). */
  suggestions?: PermissionUpdate[];
  /** The id of the tool call being decided. */
  toolUseID: string;
  /** The file path that triggered the prompt, when there is one. */
  blockedPath?: string;
  /** Why the CLI asks. */
  decisionReason?: string;
  /** The sub-agent asking, when it is not the main agent. */
  agentID?: string;
}

/**
 * Decides whether a tool call may run. Called for each `can_use_tool` request from the CLI.
 * A callback that throws denies the call with its message; one that never settles is bounded
 * by `permissionTimeoutMs`.
 */
export type CanUseTool = (
  toolName: string,
  input: Record<string, unknown>,
  options: CanUseToolOptions,
) => Promise<PermissionResult>;
