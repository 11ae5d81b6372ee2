import type { PermissionMode } from '../permissions/permission-update.js';
import type { UUID } from '../uuid.js';

/**
 * The `system`/`init` message, first of every session: tools, MCP servers, model, permission mode,
 * slash commands, ...
 */
export type SDKSystemMessage = {
  type: 'system';
  subtype: 'init';
  /** The sub-agents available. */
  agents?: string[];
  /** Where the API credential came from. */
  apiKeySource: ApiKeySource;
  betas?: string[];
  /** The CLI's version. */
  claude_code_version: string;
  /** The working directory. */
  cwd: string;
  /** The tools the session has. */
  tools: string[];
  /** The MCP servers and their connection status. */
  mcp_servers: {
    name: string;
    status: string;
    source?: string;
  }[];
  /** The model in use. */
  model: string;
  /** The permission mode in effect. */
  permissionMode: PermissionMode;
  /** The slash commands available. */
  slash_commands: string[];
  terminal_slash_commands?: string[];
  /** The output style in effect. */
  output_style: string;
  /** The skills available. */
  skills: string[];
  /** The plugins loaded. */
  plugins: {
    name: string;
    path: string;
    version?: string;
  }[];
  plugin_errors?: {
    plugin: string;
    type: string;
    message: string;
    path?: string;
    managed_lock?: {
      plugin_enabled: boolean;
      name: string;
      marketplace?: string;
    };
  }[];
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  effort?: ('low' | 'medium' | 'high' | 'xhigh' | 'max') | null;
  view_mode?: 'focus' | 'default';
  capabilities?: string[];
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
};

/** Where the credential used for API requests came from. */
export type ApiKeySource =
  | 'ANTHROPIC_API_KEY'
  | 'apiKeyHelper'
  | '/login managed key'
  | 'none'
  | 'user'
  | 'project'
  | 'org'
  | 'temporary'
  | 'oauth';

/** Fast mode: off, cooling down after a rate limit, or on. */
export type FastModeState = 'off' | 'cooldown' | 'on';

/** Why fast mode cannot serve right now. */
export type FastModeDisabledReason =
  | 'free'
  | 'preference'
  | 'extra_usage_disabled'
  | 'network_error'
  | 'unknown'
  | 'not_first_party'
  | 'disabled_by_env'
  | 'model_not_allowed'
  | 'sdk_opt_in_required'
  | 'pending';
