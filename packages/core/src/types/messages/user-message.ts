import type { MessageParam } from '../api/message-param.js';
import type { UUID } from '../uuid.js';

/**
 * A user message: what the SDK sends as a prompt (streaming input), and what the CLI streams back
 * with tool results. `session_id` may be left out when sending.
 */
export type SDKUserMessage = {
  type: 'user';
  /** The user message as the Messages API takes it: text, or content blocks (text, images, tool results, ...). */
  message: MessageParam;
  /** The `tool_use` id of the Agent call this message belongs to; `null` on the main thread. */
  parent_tool_use_id: string | null;
  /** True for messages the CLI made rather than the user. */
  isSynthetic?: boolean;
  /** The tool's raw result, on messages that carry tool results. */
  tool_use_result?: unknown;
  /** When a queued message is handled. */
  priority?: 'now' | 'next' | 'later';
  origin?: SDKMessageOrigin;
  shouldQuery?: boolean;
  timestamp?: string;
  client_composed?: true;
  /** The message's id; may be given when sending. */
  uuid?: UUID;
  pasted_content?: MessageParam['content'][];
  inline_pastes?: string[];
  /** The session; may be left out when sending. */
  session_id?: string;
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
};

/**
 * A user message the CLI replays (an earlier turn of a resumed session, or an acknowledgement of a
 * sent prompt); `isReplay` is always `true`.
 */
export type SDKUserMessageReplay = {
  type: 'user';
  /** The user message as the Messages API takes it. */
  message: MessageParam;
  /** The `tool_use` id of the Agent call this message belongs to; `null` on the main thread. */
  parent_tool_use_id: string | null;
  isSynthetic?: boolean;
  tool_use_result?: unknown;
  priority?: 'now' | 'next' | 'later';
  origin?: SDKMessageOrigin;
  shouldQuery?: boolean;
  timestamp?: string;
  client_composed?: true;
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
  /** Always `true`: this message replays an earlier one. */
  isReplay: true;
  file_attachments?: unknown[];
};

/** Where a message came from: a human, a channel, a peer session, a task notification, ... */
export type SDKMessageOrigin =
  | {
      kind: 'human';
    }
  | {
      kind: 'channel';
      server: string;
    }
  | {
      kind: 'peer';
      from: string;
      fromMode?: 'bypass' | 'prompting';
      name?: string;
      fromSession?: string;
      senderTaskId?: string;
      body?: string;
      verifiedPeerPid?: number;
    }
  | {
      kind: 'task-notification';
      subkind?: 'scheduled-trigger' | 'peer-send-message' | 'projects-relay' | 'session-inbox' | 'external-event';
      fireReason?: string;
      runId?: string;
    }
  | {
      kind: 'coordinator';
    }
  | {
      kind: 'unclassified';
    }
  | {
      kind: 'observer';
      from: string;
      senderTaskId: string;
    }
  | {
      kind: 'auto-continuation';
    }
  | {
      kind: 'observer-activity';
    };

/**
 * A user message to send to the CLI, as `sendUserMessage` and streaming input accept it: an
 * {@link SDKUserMessage} whose `parent_tool_use_id` may also be left out (a hexagent leniency).
 */
export type SDKUserMessageInput = Omit<SDKUserMessage, 'parent_tool_use_id'> & {
  parent_tool_use_id?: string | null;
};
