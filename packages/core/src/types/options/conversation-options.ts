import type { AgentDefinition } from '../agents.js';
import type { SystemPromptOption } from './system-prompt-option.js';

/** Options about the conversation: the system prompt, agents, and what the message stream carries. */
export interface ConversationOptions {
  /**
   * The system prompt (see {@link SystemPromptOption} for how each form travels). When omitted the
   * model gets an empty custom prompt (`systemPrompt: ['']` in `initialize`), not Claude Code's:
   * pass `{ type: 'preset', preset: 'claude_code' }` for that.
   *
   * @example
   * ```ts
   * systemPrompt: { type: 'preset', preset: 'claude_code', append: 'Always explain your reasoning.' }
   * ```
   */
  systemPrompt?: SystemPromptOption;
  /**
   * Run the main thread as this agent (`--agent=<name>`): its prompt, tools and model apply. It
   * must be defined in `agents` or in the settings the session loads.
   */
  agent?: string;
  /**
   * Sub-agents the model can delegate to, by name (`agents` in `initialize`). An in-process server
   * (`createSdkMcpServer`) inside an agent's `mcpServers` is sent by name only (`{ type: 'sdk',
   * name }`): such servers work only in the top-level `mcpServers`.
   */
  agents?: Record<string, AgentDefinition>;
  /**
   * The title of a new session (`title` in `initialize`) instead of one generated from the first
   * prompt; a resumed session keeps its own.
   */
  title?: string;
  /**
   * The workflow instructions of plan mode (`planModeInstructions` in `initialize`): they replace
   * the default body of the plan-mode reminder when `permissionMode` is `'plan'`.
   */
  planModeInstructions?: string;
  /**
   * Send every user message with `client_composed: true`, so the CLI takes the prompt as written:
   * no `@path` expansion and no slash commands (use it for text your end user did not type). Also
   * skips the context the CLI attaches at the start of a turn. Off by default.
   */
  verbatimPrompts?: boolean;
  /**
   * Ask for a predicted next prompt after each turn (`promptSuggestions` in `initialize`): a
   * `prompt_suggestion` message after the `result`, not on the first turn.
   */
  promptSuggestions?: boolean;
  /**
   * Ask for short AI-written progress summaries of running sub-agents (`agentProgressSummaries`
   * in `initialize`), on `task_progress` messages.
   */
  agentProgressSummaries?: boolean;
  /**
   * Forward sub-agents' text and thinking blocks as messages with `parent_tool_use_id` set
   * (`forwardSubagentText` in `initialize`); by default only their tool calls are forwarded.
   */
  forwardSubagentText?: boolean;
  /** Stream raw API events as `stream_event` messages (`--include-partial-messages`). */
  includePartialMessages?: boolean;
  /**
   * Emit `hook_started`/`hook_progress`/`hook_response` system messages for hooks from settings
   * (`--include-hook-events`); SessionStart and Setup hooks emit them anyway.
   */
  includeHookEvents?: boolean;
}
