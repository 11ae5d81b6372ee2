import type { AgentMcpServerSpec } from './mcp/mcp-server-config.js';
import type { PermissionMode } from './permissions/permission-update.js';

/** A sub-agent the main agent can delegate to (through the Agent tool). */
export type AgentDefinition = {
  description: string;
  tools?: string[];
  disallowedTools?: string[];
  prompt: string;
  model?: string;
  mcpServers?: AgentMcpServerSpec[];
  criticalSystemReminder_EXPERIMENTAL?: string;
  skills?: string[];
  initialPrompt?: string;
  maxTurns?: number;
  autoCompactWindow?: number;
  background?: boolean;
  omitClaudeMd?: boolean;
  memory?: 'user' | 'project' | 'local';
  effort?: ('low' | 'medium' | 'high' | 'xhigh' | 'max') | number;
  permissionMode?: PermissionMode;
  observer?: string;
  observerMessage?: string;
};

/** A sub-agent the session offers. */
export type AgentInfo = {
  name: string;
  description: string;
  model?: string;
};
