import type { McpServerProvenance } from '../mcp/mcp-server-status.js';
import type { SDKAssistantMessageError } from '../messages/assistant-message.js';
import type { PermissionUpdate } from '../permissions/permission-update.js';
import type { ExitReason } from './hook-events.js';

/** Fields every hook input carries. */
export type BaseHookInput = {
  /** The session. */
  session_id: string;
  /** Path of the session's transcript file. */
  transcript_path: string;
  /** The working directory. */
  cwd: string;
  /** Ties the events of one user prompt together. */
  prompt_id?: string;
  /** The permission mode in effect. */
  permission_mode?: string;
  /** The sub-agent the hook fires in; absent on the main thread. */
  agent_id?: string;
  /** The agent type, inside a sub-agent or with `--agent`. */
  agent_type?: string;
  /** The reasoning effort of the current turn. */
  effort?: {
    level: string;
  };
};

/** The input of any hook event; narrow on `hook_event_name`. */
export type HookInput =
  | PreToolUseHookInput
  | PostToolUseHookInput
  | PostToolUseFailureHookInput
  | PostToolBatchHookInput
  | PermissionDeniedHookInput
  | NotificationHookInput
  | UserPromptSubmitHookInput
  | UserPromptExpansionHookInput
  | SessionStartHookInput
  | SessionEndHookInput
  | StopHookInput
  | StopFailureHookInput
  | SubagentStartHookInput
  | SubagentStopHookInput
  | PreCompactHookInput
  | PostCompactHookInput
  | PreModelSwitchHookInput
  | PostModelSwitchHookInput
  | PermissionRequestHookInput
  | SetupHookInput
  | TeammateIdleHookInput
  | TaskCreatedHookInput
  | TaskCompletedHookInput
  | ElicitationHookInput
  | ElicitationResultHookInput
  | ConfigChangeHookInput
  | InstructionsLoadedHookInput
  | WorktreeCreateHookInput
  | WorktreeRemoveHookInput
  | CwdChangedHookInput
  | FileChangedHookInput
  | DirectoryAddedHookInput
  | MessageDisplayHookInput
  | PreSkillShellCommandHookInput;

/** Input of the `PreToolUse` hook event. */
export type PreToolUseHookInput = BaseHookInput & {
  hook_event_name: 'PreToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  mcp_server?: McpServerProvenance;
};

/** Input of the `PostToolUse` hook event. */
export type PostToolUseHookInput = BaseHookInput & {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_response: unknown;
  tool_use_id: string;
  duration_ms?: number;
  mcp_server?: McpServerProvenance;
};

/** Input of the `PostToolUseFailure` hook event. */
export type PostToolUseFailureHookInput = BaseHookInput & {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
  mcp_server?: McpServerProvenance;
};

/** Input of the `PostToolBatch` hook event. */
export type PostToolBatchHookInput = BaseHookInput & {
  hook_event_name: 'PostToolBatch';
  tool_calls: PostToolBatchToolCall[];
};

/** One tool call of a `PostToolBatch` batch. */
export type PostToolBatchToolCall = {
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  tool_response?: unknown;
};

/** Input of the `PermissionDenied` hook event. */
export type PermissionDeniedHookInput = BaseHookInput & {
  hook_event_name: 'PermissionDenied';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  reason: string;
  mcp_server?: McpServerProvenance;
};

/** Input of the `Notification` hook event. */
export type NotificationHookInput = BaseHookInput & {
  hook_event_name: 'Notification';
  message: string;
  title?: string;
  notification_type: string;
};

/** Input of the `UserPromptSubmit` hook event. */
export type UserPromptSubmitHookInput = BaseHookInput & {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
  source?: 'user' | 'sdk' | 'system' | 'loop_wakeup' | 'schedule_wakeup' | 'poll_event';
  session_title?: string;
};

/** Input of the `UserPromptExpansion` hook event. */
export type UserPromptExpansionHookInput = BaseHookInput & {
  hook_event_name: 'UserPromptExpansion';
  expansion_type: 'slash_command' | 'mcp_prompt';
  command_name: string;
  command_args: string;
  command_source?: string;
  prompt: string;
};

/** Input of the `SessionStart` hook event. */
export type SessionStartHookInput = BaseHookInput & {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  agent_type?: string;
  model?: string;
  session_title?: string;
  seconds_since_last_response?: number;
  context_tokens?: number;
  prompt_cache_likely_expired?: boolean;
  estimated_cache_write_usd?: number;
};

/** Input of the `SessionEnd` hook event. */
export type SessionEndHookInput = BaseHookInput & {
  hook_event_name: 'SessionEnd';
  reason: ExitReason;
};

/** Input of the `Stop` hook event. */
export type StopHookInput = BaseHookInput & {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
};

/** Input of the `StopFailure` hook event. */
export type StopFailureHookInput = BaseHookInput & {
  hook_event_name: 'StopFailure';
  error: SDKAssistantMessageError;
  error_details?: string;
  last_assistant_message?: string;
};

/** Input of the `SubagentStart` hook event. */
export type SubagentStartHookInput = BaseHookInput & {
  hook_event_name: 'SubagentStart';
  agent_id: string;
  agent_type: string;
};

/** Input of the `SubagentStop` hook event. */
export type SubagentStopHookInput = BaseHookInput & {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_id: string;
  agent_transcript_path: string;
  agent_type: string;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
};

/** Input of the `PreCompact` hook event. */
export type PreCompactHookInput = BaseHookInput & {
  hook_event_name: 'PreCompact';
  trigger: 'manual' | 'auto';
  custom_instructions: string | null;
};

/** Input of the `PostCompact` hook event. */
export type PostCompactHookInput = BaseHookInput & {
  hook_event_name: 'PostCompact';
  trigger: 'manual' | 'auto';
  compact_summary: string;
};

/** Input of the `PreModelSwitch` hook event. */
export type PreModelSwitchHookInput = (BaseHookInput & {
  hook_event_name: 'PreModelSwitch';
}) & {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  source: 'command' | 'picker' | 'sdk';
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
};

/** Input of the `PostModelSwitch` hook event. */
export type PostModelSwitchHookInput = (BaseHookInput & {
  hook_event_name: 'PostModelSwitch';
}) & {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  source: 'command' | 'picker' | 'sdk' | 'auto' | 'resume';
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
};

/** Input of the `PermissionRequest` hook event. */
export type PermissionRequestHookInput = BaseHookInput & {
  hook_event_name: 'PermissionRequest';
  tool_name: string;
  tool_input: unknown;
  permission_suggestions?: PermissionUpdate[];
  mcp_server?: McpServerProvenance;
};

/** Input of the `Setup` hook event. */
export type SetupHookInput = BaseHookInput & {
  hook_event_name: 'Setup';
  trigger: 'init' | 'maintenance';
};

/** Input of the `TeammateIdle` hook event. */
export type TeammateIdleHookInput = BaseHookInput & {
  hook_event_name: 'TeammateIdle';
  teammate_name: string;
  team_name: string;
};

/** Input of the `TaskCreated` hook event. */
export type TaskCreatedHookInput = BaseHookInput & {
  hook_event_name: 'TaskCreated';
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
};

/** Input of the `TaskCompleted` hook event. */
export type TaskCompletedHookInput = BaseHookInput & {
  hook_event_name: 'TaskCompleted';
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
};

/** Input of the `Elicitation` hook event. */
export type ElicitationHookInput = BaseHookInput & {
  hook_event_name: 'Elicitation';
  mcp_server_name: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitation_id?: string;
  requested_schema?: Record<string, unknown>;
};

/** Input of the `ElicitationResult` hook event. */
export type ElicitationResultHookInput = BaseHookInput & {
  hook_event_name: 'ElicitationResult';
  mcp_server_name: string;
  elicitation_id?: string;
  mode?: 'form' | 'url';
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** Input of the `ConfigChange` hook event. */
export type ConfigChangeHookInput = BaseHookInput & {
  hook_event_name: 'ConfigChange';
  source: 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills';
  file_path?: string;
};

/** Input of the `InstructionsLoaded` hook event. */
export type InstructionsLoadedHookInput = BaseHookInput & {
  hook_event_name: 'InstructionsLoaded';
  file_path: string;
  memory_type: 'User' | 'Project' | 'Local' | 'Managed';
  load_reason: 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include' | 'compact';
  globs?: string[];
  trigger_file_path?: string;
  parent_file_path?: string;
};

/** Input of the `WorktreeCreate` hook event. */
export type WorktreeCreateHookInput = BaseHookInput & {
  hook_event_name: 'WorktreeCreate';
  name: string;
};

/** Input of the `WorktreeRemove` hook event. */
export type WorktreeRemoveHookInput = BaseHookInput & {
  hook_event_name: 'WorktreeRemove';
  worktree_path: string;
};

/** Input of the `CwdChanged` hook event. */
export type CwdChangedHookInput = BaseHookInput & {
  hook_event_name: 'CwdChanged';
  old_cwd: string;
  new_cwd: string;
};

/** Input of the `FileChanged` hook event. */
export type FileChangedHookInput = BaseHookInput & {
  hook_event_name: 'FileChanged';
  file_path: string;
  event: 'change' | 'add' | 'unlink';
};

/** Input of the `DirectoryAdded` hook event. */
export type DirectoryAddedHookInput = BaseHookInput & {
  hook_event_name: 'DirectoryAdded';
  directory: string;
  source: 'slash_command' | 'register_repo_root';
};

/** Input of the `MessageDisplay` hook event. */
export type MessageDisplayHookInput = BaseHookInput & {
  hook_event_name: 'MessageDisplay';
  turn_id: string;
  message_id: string;
  index: number;
  final: boolean;
  delta: string;
};

/**
 * Input of the `PreSkillShellCommand` hook event: a shell command in a skill's or a slash command's
 * text (a `!` line), before it runs. The CLI fails it closed, as `PreToolUse`: a hook that fails
 * or times out keeps the command from running.
 */
export type PreSkillShellCommandHookInput = BaseHookInput & {
  hook_event_name: 'PreSkillShellCommand';
  /** The shell tool that runs the command: Bash or PowerShell. */
  tool_name: string;
  tool_input: {
    /** The command as it would run, with arguments filled in. */
    command: string;
  };
  /** Identifies this command. It names no tool call in the transcript. */
  tool_use_id: string;
  /** The skill or command whose text holds the shell command. */
  command_name: string;
  command_source?: string;
  /**
   * Who started the load. `user`: typed, or sent by an SDK host. `claude`: the Skill tool, or a turn
   * that Claude scheduled. `other`: anything else, such as a subagent's preload, or not known.
   */
  invoked_by: 'user' | 'claude' | 'other';
};

/** A live background task, as `Stop` and `SubagentStop` hooks see it. */
export type BackgroundTaskSummary = {
  id: string;
  type: string;
  status: string;
  description: string;
  command?: string;
  agent_type?: string;
  server?: string;
  tool?: string;
  name?: string;
};

/** A scheduled prompt of the session, as `Stop` and `SubagentStop` hooks see it. */
export type SessionCronSummary = {
  id: string;
  schedule: string;
  recurring: boolean;
  prompt: string;
};
