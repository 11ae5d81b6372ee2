import type { PermissionMode } from '../permissions/permission-update.js';
import type { UUID } from '../uuid.js';

/**
 * The `system`/`init` message, first of every session: tools, MCP servers, model, permission mode,
 * slash commands, ...
 */
export type SDKSystemMessage = {
  type: 'system';
  subtype: 'init';
  agents?: string[];
  apiKeySource: ApiKeySource;
  betas?: string[];
  claude_code_version: string;
  cwd: string;
  tools: string[];
  mcp_servers: {
    name: string;
    status: string;
    source?: string;
  }[];
  model: string;
  permissionMode: PermissionMode;
  slash_commands: string[];
  terminal_slash_commands?: string[];
  output_style: string;
  skills: string[];
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
  uuid: UUID;
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
