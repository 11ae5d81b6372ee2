import type { McpServerProvenance } from '../mcp/mcp-server-status.js';
import type { PermissionResult } from './permission-result.js';
import type { PermissionUpdate } from './permission-update.js';

/** Context handed to a {@link CanUseTool} callback, besides the tool's name and input. */
export type CanUseToolOptions = {
  /** Aborted when the CLI withdraws the request, the session ends, or `permissionTimeoutMs` elapses. */
  signal: AbortSignal;
  /** Rule changes the CLI proposes (e.g. "always allow this tool"); return them as `updatedPermissions` to apply. */
  suggestions?: PermissionUpdate[];
  /** The file path that triggered the prompt, when there is one. */
  blockedPath?: string;
  /** For `mcp__*` tools: the server serving the tool and where its definition came from. */
  mcpServer?: McpServerProvenance;
  /** Why the CLI asks. */
  decisionReason?: string;
  /** The full prompt sentence, for display. */
  title?: string;
  /** A short name of the tool's action, for display. */
  displayName?: string;
  /** A subtitle of the prompt, for display. */
  description?: string;
  /** The prompt must default to its decline option. */
  defaultToNo?: boolean;
  /** The prompt must not offer "always allow". */
  suppressAlwaysAllowRule?: boolean;
  /** The id of the tool call being decided. */
  toolUseID: string;
  /** The sub-agent asking, when it is not the main agent. */
  agentID?: string;
  /** The `request_id` of the CLI's `can_use_tool` control request. */
  requestId: string;
  /** The ask rule that forced this prompt, when one did. */
  matchedAskRule?: {
    source: string;
    toolName: string;
    ruleContent?: string;
  };
};

/**
 * Decides whether a tool call may run; called for each permission prompt of the CLI. A callback
 * that throws denies the call with its message; one that never settles is bounded by
 * `permissionTimeoutMs`. The official SDK lets a callback return `null` after answering the CLI
 * by other means; hexagent has no such channel and denies the call instead.
 */
export type CanUseTool = (
  toolName: string,
  input: Record<string, unknown>,
  options: CanUseToolOptions,
) => Promise<PermissionResult | null>;
