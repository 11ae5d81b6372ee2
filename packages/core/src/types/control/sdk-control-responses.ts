import type { AccountInfo } from '../account-info.js';
import type { AgentInfo } from '../agents.js';
import type { McpServerStatus } from '../mcp/mcp-server-status.js';
import type { ModelUsage } from '../messages/result-message.js';
import type { FastModeDisabledReason, FastModeState } from '../messages/system-init-message.js';
import type { ModelInfo } from '../models.js';
import type { PermissionMode } from '../permissions/permission-update.js';
import type { SDKSettingsParseError } from '../settings/setting-source.js';
import type { SlashCommand } from '../slash-command.js';
import type { SDKControlRequest } from './sdk-control-requests.js';

/** The answer to a control request. */
export type SDKControlResponse = {
  type: 'control_response';
  response: SDKControlSuccessResponse | SDKControlErrorResponse;
};

/** A successful control response body. */
export type SDKControlSuccessResponse = {
  subtype: 'success';
  request_id: string;
  response?: Record<string, unknown>;
  pending_permission_requests?: SDKControlRequest[];
  pending_user_dialog_requests?: SDKControlRequest[];
  pending_elicitation_requests?: SDKControlRequest[];
};

/** A failed control response body. */
export type SDKControlErrorResponse = {
  subtype: 'error';
  request_id: string;
  error: string;
  pending_permission_requests?: SDKControlRequest[];
  pending_user_dialog_requests?: SDKControlRequest[];
  pending_elicitation_requests?: SDKControlRequest[];
};

/** The CLI's answer to `initialize`: commands, agents, models, account, output styles. */
export type SDKControlInitializeResponse = {
  commands: SlashCommand[];
  agents: AgentInfo[];
  output_style: string;
  available_output_styles: string[];
  models: ModelInfo[];
  account: AccountInfo;
  hooks_applied?: boolean;
  hook_on_failure_supported?: boolean;
  plugins_applied?: boolean;
  mcp_servers_applied?: boolean;
  sdk_mcp_manifests_parked?: Record<
    string,
    'parked' | 'already_connected' | 'protocol_version_mismatch' | 'malformed' | 'not_honoured'
  >;
  claude_code_version?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
};

/** The answer to an `interrupt` control request. */
export type SDKControlInterruptResponse = {
  still_queued: string[];
  cancelled?: string[];
};

/** The context window usage by category. */
export type SDKControlGetContextUsageResponse = {
  categories: {
    id?:
      | 'system_prompt'
      | 'system_tools'
      | 'mcp_tools'
      | 'mcp_instructions'
      | 'mcp_tools_deferred'
      | 'system_tools_deferred'
      | 'custom_agents'
      | 'memory_files'
      | 'skills'
      | 'messages'
      | 'autocompact_buffer'
      | 'compact_buffer'
      | 'free_space';
    name: string;
    tokens: number;
    color: string;
    isDeferred?: boolean;
    kind: 'used' | 'free' | 'buffer' | 'deferred';
  }[];
  totalTokens: number;
  maxTokens: number;
  rawMaxTokens: number;
  percentage: number;
  gridRows: {
    color: string;
    isFilled: boolean;
    categoryName: string;
    tokens: number;
    percentage: number;
    squareFullness: number;
  }[][];
  model: string;
  memoryFiles: {
    path: string;
    type: string;
    tokens: number;
  }[];
  mcpTools: {
    name: string;
    serverName: string;
    tokens: number;
    isLoaded?: boolean;
  }[];
  mcpInstructions?: {
    serverName: string;
    tokens: number;
  }[];
  deferredBuiltinTools?: {
    name: string;
    tokens: number;
    isLoaded: boolean;
  }[];
  systemTools?: {
    name: string;
    tokens: number;
  }[];
  systemPromptSections?: {
    name: string;
    tokens: number;
  }[];
  agents: {
    agentType: string;
    source: string;
    pluginId?: string;
    path?: string;
    tokens: number;
  }[];
  slashCommands?: {
    totalCommands: number;
    includedCommands: number;
    tokens: number;
  };
  skills?: {
    totalSkills: number;
    includedSkills: number;
    tokens: number;
    skillFrontmatter: {
      name: string;
      source: string;
      pluginName?: string;
      pluginId?: string;
      path?: string;
      tokens: number;
    }[];
  };
  autoCompactThreshold?: number;
  isAutoCompactEnabled: boolean;
  messageBreakdown?: {
    toolCallTokens: number;
    toolResultTokens: number;
    attachmentTokens: number;
    assistantMessageTokens: number;
    userMessageTokens: number;
    redirectedContextTokens: number;
    unattributedTokens: number;
    toolCallsByType: {
      name: string;
      callTokens: number;
      resultTokens: number;
    }[];
    attachmentsByType: {
      name: string;
      tokens: number;
    }[];
  };
  apiUsage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
  } | null;
};

/** Session cost, rate limits and usage behaviours. */
export type SDKControlGetUsageResponse = {
  session: {
    total_cost_usd: number;
    total_api_duration_ms: number;
    total_duration_ms: number;
    total_lines_added: number;
    total_lines_removed: number;
    model_usage: Record<string, ModelUsage>;
  };
  subscription_type: string | null;
  rate_limits_available: boolean;
  rate_limits: {
    five_hour?: {
      utilization: number | null;
      resets_at: string | null;
    } | null;
    seven_day?: {
      utilization: number | null;
      resets_at: string | null;
    } | null;
    seven_day_oauth_apps?: {
      utilization: number | null;
      resets_at: string | null;
    } | null;
    seven_day_opus?: {
      utilization: number | null;
      resets_at: string | null;
    } | null;
    seven_day_sonnet?: {
      utilization: number | null;
      resets_at: string | null;
    } | null;
    model_scoped?: {
      display_name: string;
      utilization: number | null;
      resets_at: string | null;
    }[];
    extra_usage?: {
      is_enabled: boolean;
      monthly_limit: number | null;
      used_credits: number | null;
      utilization: number | null;
      currency?: string | null;
    } | null;
  } | null;
  behaviors: {
    day: {
      request_count: number;
      session_count: number;
      behaviors: {
        key:
          | 'cache_miss'
          | 'long_context'
          | 'subagent_heavy'
          | 'high_parallel'
          | 'cron'
          | 'max_effort'
          | 'workflow'
          | 'always_on_context'
          | 'large_tool_results';
        pct: number;
        count: number;
      }[];
      recommendations?: {
        key: string;
        pct: number;
        title: string;
        detail?: string;
      }[];
      fix?: {
        keys: string[];
        messages: string[];
      };
      agents: {
        name: string;
        pct: number;
      }[];
      skills: {
        name: string;
        pct: number;
      }[];
      plugins: {
        name: string;
        pct: number;
      }[];
      mcp_servers: {
        name: string;
        pct: number;
      }[];
    };
    week: {
      request_count: number;
      session_count: number;
      behaviors: {
        key:
          | 'cache_miss'
          | 'long_context'
          | 'subagent_heavy'
          | 'high_parallel'
          | 'cron'
          | 'max_effort'
          | 'workflow'
          | 'always_on_context'
          | 'large_tool_results';
        pct: number;
        count: number;
      }[];
      recommendations?: {
        key: string;
        pct: number;
        title: string;
        detail?: string;
      }[];
      fix?: {
        keys: string[];
        messages: string[];
      };
      agents: {
        name: string;
        pct: number;
      }[];
      skills: {
        name: string;
        pct: number;
      }[];
      plugins: {
        name: string;
        pct: number;
      }[];
      mcp_servers: {
        name: string;
        pct: number;
      }[];
    };
  } | null;
};

/** The contents of a file the CLI read. */
export type SDKControlReadFileResponse = {
  contents: string;
  absPath: string;
  truncated?: boolean;
  encoding?: 'base64';
  lossy?: boolean;
};

/** The contents of an MCP resource. */
export type SDKControlMcpReadResourceResponse = {
  contents: {
    uri: string;
    mimeType?: string;
    text?: string;
    blob?: string;
    _meta?: Record<string, unknown>;
  }[];
};

/** The output styles after a reload. */
export type SDKControlReloadOutputStylesResponse = {
  available_output_styles: string[];
};

/** Commands, agents, plugins and MCP servers after a plugin reload. */
export type SDKControlReloadPluginsResponse = {
  commands: SlashCommand[];
  agents: AgentInfo[];
  plugins: {
    name: string;
    path: string;
    source?: string;
    version?: string;
  }[];
  mcpServers: McpServerStatus[];
  error_count: number;
  held?: boolean;
  cache_impact?: {
    mcp_servers_added: string[];
    mcp_servers_removed: string[];
    lsp_tool_change: ('adds' | 'may-add' | 'removes' | 'may-remove') | null;
  };
};

/** Success payload answering `set_permission_mode`. */
export type SDKControlSetPermissionModeResponse = {
  /**
   * The permission mode now in effect, which can differ from the one asked for. `claude -p` names
   * it; other hosts may answer with no payload.
   */
  mode?: PermissionMode;
};

/** The skills after a reload. */
export type SDKControlReloadSkillsResponse = {
  skills: SlashCommand[];
};

/** The hooks configured, by event. */
export type SDKControlGetHooksListingResponse = {
  events: {
    name: string;
    summary: string;
    supportsMatcher: boolean;
    hookCount: number;
  }[];
  hooks: {
    event: string;
    matcher: string;
    source: string;
    sourceLabel: string;
    pluginName?: string;
    type: string;
    displayText: string;
    commandText: string;
    contentLabel: string;
    condition?: string;
    timeout?: number;
    statusMessage?: string;
    runsOnce?: boolean;
    runsInBackground?: boolean;
    disabled?: true;
    editable?: {
      matcher: string;
      config: Record<string, unknown>;
      headersRedacted?: true;
    };
  }[];
  eventCatalog: {
    name: string;
    summary: string;
    supportsMatcher: boolean;
  }[];
  policy: {
    disabledByPolicy: boolean;
    managedOnly: boolean;
    pluginOnly: boolean;
    allDisabled: boolean;
    policyHookCount: number;
    policyUnreadable?: true;
  };
  safeMode?: {
    managedHooksStillApply: boolean;
    exitHint: string;
  };
  bareMode?: {
    exitHint: string;
  };
  errors?: SDKSettingsParseError[];
};

/** The output of a background task. */
export type SDKControlGetTaskOutputResponse = {
  output: string;
  total_bytes: number;
  truncated: boolean;
};
