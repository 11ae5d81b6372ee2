/** The options bag of `query()` and `ClaudeClient`, following the official agent SDK's names. */

import type { AgentDefinition } from './agents.js';
import type { OnElicitation, OnUserDialog } from './elicitation.js';
import type { HooksOptions } from './hooks/hook-callback.js';
import type { McpServerConfig } from './mcp/mcp-server-config.js';
import type { McpServersDelivery } from './mcp/mcp-servers-delivery.js';
import type { OutputFormat } from './output-format.js';
import type { CanUseTool } from './permissions/can-use-tool.js';
import type { PermissionMode } from './permissions/permission-update.js';
import type { SettingSource } from './settings/setting-source.js';

/** The system prompt: text, or Claude Code's own prompt with optional appended text. */
export type SystemPromptOption =
  | string
  | string[]
  | {
      type: 'preset';
      preset: 'claude_code';
      /** Text appended to Claude Code's system prompt. */
      append?: string;
    };

/** Options for a query or a client. Every field is optional. */
export interface Options {
  /** Aborting it ends the query: the CLI process is stopped and pending work is rejected. */
  abortController?: AbortController;
  /** More directories the agent may access besides `cwd`. */
  additionalDirectories?: string[];
  /** Sub-agents, by name. */
  agents?: Record<string, AgentDefinition>;
  /** Tools allowed without asking (`--allowedTools`). */
  allowedTools?: string[];
  /** Beta features to enable (`--betas`). */
  betas?: string[];
  /** Decides each tool call the CLI would ask the user about. Adds `--permission-prompt-tool=stdio`. */
  canUseTool?: CanUseTool;
  /** Continue the most recent session in `cwd` (`--continue`). */
  continue?: boolean;
  /** Working directory of the CLI. */
  cwd?: string;
  /** Tools the model may not use (`--disallowedTools`). */
  disallowedTools?: string[];
  /** Extra environment variables for the CLI, merged over `process.env`. Never logged. */
  env?: Record<string, string | undefined>;
  /** A JavaScript runtime to run the executable with, when it is a script. */
  executable?: 'node' | 'bun' | 'deno';
  /** Arguments for `executable`. */
  executableArgs?: string[];
  /** Extra CLI flags: `{ flag: value }` gives `--flag=value`, `{ flag: null }` gives `--flag`. */
  extraArgs?: Record<string, string | null>;
  /** Model to use when the main one is overloaded (`--fallback-model`). */
  fallbackModel?: string;
  /** With `resume`: fork into a new session id instead of appending (`--fork-session`). */
  forkSession?: boolean;
  /** Hook callbacks, by event. */
  hooks?: HooksOptions;
  /** Stream raw API events as `stream_event` messages (`--include-partial-messages`). */
  includePartialMessages?: boolean;
  /** Stop once the session has cost this much, in US dollars (`--max-budget-usd`). */
  maxBudgetUsd?: number;
  /** Maximum tokens for extended thinking (`--max-thinking-tokens`). */
  maxThinkingTokens?: number;
  /** Maximum agent turns (`--max-turns`). */
  maxTurns?: number;
  /** MCP servers, by name: in-process (`type: 'sdk'`) or external (stdio, sse, http). */
  mcpServers?: Record<string, McpServerConfig>;
  /**
   * How external MCP server configs (stdio, sse, http) reach the CLI. `'initialize'` (the default)
   * sends them over stdin inside the `initialize` request (with `--await-initialize`), so secrets in
   * their `env` and `headers` never appear on the command line; if the CLI does not confirm it
   * loaded them (`mcp_servers_applied: true`), the session ends with `McpServersNotAppliedError`
   * before any prompt is sent. `'argv'` puts them in `--mcp-config` on the command line, readable by
   * every user of the machine; use it only for a CLI too old to read them from `initialize`.
   */
  mcpServersDelivery?: McpServersDelivery;
  /**
   * Answers MCP elicitation requests (an MCP server asks the user for form input or to open a URL).
   * Its return is the answer as is; `null` means the answer was sent out of band and nothing is
   * written. Without it every elicitation is declined. One that throws, is withdrawn by the CLI or
   * does not answer within 10 minutes declines.
   */
  onElicitation?: OnElicitation;
  /**
   * Renders the CLI's blocking dialogs (`request_user_dialog`, only for the kinds declared in
   * `supportedDialogKinds`) and answers `{ behavior: 'completed', result }` or
   * `{ behavior: 'cancelled' }`; `null` means the answer was sent out of band. Without it a dialog
   * is left unanswered, as the official SDK does. One that throws or does not answer within 10
   * minutes answers `cancelled`.
   */
  onUserDialog?: OnUserDialog;
  /** Model alias or id (`--model`). */
  model?: string;
  /** Ask for structured output matching a JSON Schema (`--json-schema`). */
  outputFormat?: OutputFormat;
  /** Path of the Claude Code executable; found automatically when omitted. */
  pathToClaudeCodeExecutable?: string;
  /** Permission mode (`--permission-mode`). */
  permissionMode?: PermissionMode;
  /** Required with `permissionMode: 'bypassPermissions'`. */
  allowDangerouslySkipPermissions?: boolean;
  /** Name of an MCP tool that answers permission prompts (`--permission-prompt-tool`). */
  permissionPromptToolName?: string;
  /** Resume this session id (`--resume`). */
  resume?: string;
  /** With `resume`: resume at this message uuid (`--resume-session-at`). */
  resumeSessionAt?: string;
  /** Use this session id for a new session (`--session-id`). */
  sessionId?: string;
  /** Settings sources to load (`--setting-sources`); none when omitted. */
  settingSources?: SettingSource[];
  /** A settings file path or a JSON settings object (`--settings`). */
  settings?: string | Record<string, unknown>;
  /** Called with each line the CLI writes to stderr. */
  stderr?: (line: string) => void;
  /** Enable strict MCP config: only servers from `mcpServers` (`--strict-mcp-config`). */
  strictMcpConfig?: boolean;
  /** System prompt; an empty prompt when omitted, like the official SDK. */
  systemPrompt?: SystemPromptOption;
  /** The base set of built-in tools (`--tools`): a list of names, or the `claude_code` preset. */
  tools?: string[] | { type: 'preset'; preset: 'claude_code' };
  /** Largest line accepted from the CLI, in bytes (default 64 MiB). */
  maxMessageBytes?: number;
  /** How long control requests sent to the CLI may wait for an answer (default 60 s). */
  controlRequestTimeoutMs?: number;
  /** How long a `canUseTool` callback may take before the call is denied (default 10 min). */
  permissionTimeoutMs?: number;
  /**
   * How long a hook callback may take (default 10 min). It is sent to the CLI as the `timeout` of
   * every hook matcher that sets none, and the CLI enforces it: it withdraws the request (the
   * callback's `signal` aborts) and, for `PreToolUse`, does not run the tool. A matcher's own
   * `timeout` (in seconds) wins over this.
   */
  hookTimeoutMs?: number;
}
