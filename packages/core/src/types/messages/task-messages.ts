import type { UUID } from '../uuid.js';

/** A background task (sub-agent, shell, ...) completed, failed or was stopped. */
export type SDKTaskNotificationMessage = {
  type: 'system';
  subtype: 'task_notification';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  status: 'completed' | 'failed' | 'stopped';
  reason?: 'worker_restart';
  output_file: string;
  summary: string;
  usage?: {
    total_tokens: number;
    tool_uses: number;
    duration_ms: number;
  };
  resource_links?: SDKMcpResourceLink[];
  skip_transcript?: boolean;
  ambient?: boolean;
  uuid: UUID;
  session_id: string;
};

/** A background task started. */
export type SDKTaskStartedMessage = {
  type: 'system';
  subtype: 'task_started';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  is_backgrounded?: boolean;
  spawn_depth?: number;
  parent_task_id?: string;
  task_type?: string;
  workflow_name?: string;
  prompt?: string;
  skip_transcript?: boolean;
  ambient?: boolean;
  uuid: UUID;
  session_id: string;
};

/** A background task changed (status, description, ...). */
export type SDKTaskUpdatedMessage = {
  type: 'system';
  subtype: 'task_updated';
  task_id: string;
  run_id?: string;
  patch: {
    status?: 'pending' | 'running' | 'completed' | 'failed' | 'killed' | 'paused';
    description?: string;
    end_time?: number;
    total_paused_ms?: number;
    error?: string;
    is_backgrounded?: boolean;
  };
  uuid: UUID;
  session_id: string;
};

/** Progress of a running background task. */
export type SDKTaskProgressMessage = {
  type: 'system';
  subtype: 'task_progress';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  usage: {
    total_tokens: number;
    tool_uses: number;
    duration_ms: number;
  };
  last_tool_name?: string;
  summary?: string;
  uuid: UUID;
  session_id: string;
};

/** The full set of live background tasks after it changed; replaces the earlier set. */
export type SDKBackgroundTasksChangedMessage = {
  type: 'system';
  subtype: 'background_tasks_changed';
  tasks: {
    task_id: string;
    run_id?: string;
    task_type: string;
    subagent_type?: string;
    description: string;
    parent_task_id?: string;
    ambient?: boolean;
  }[];
  uuid: UUID;
  session_id: string;
};

/** A link to an MCP resource produced by a task. */
export type SDKMcpResourceLink = {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
};
