import type { TokenCounts } from './token-counts.js';

/** One model's share of an agent's usage. */
export interface ModelTokenUsage extends TokenCounts {
  /** Model responses (distinct message ids) from this model. */
  requests: number;
  /** This share of the model's cost (see {@link AgentUsage.costUsd}); absent while no `modelUsage` is known. */
  costUsd?: number;
}

/** Usage of an agent together with every subagent under it. */
export interface UsageTotals {
  requests: number;
  tokens: TokenCounts;
  /** Absent while no `modelUsage` is known. */
  costUsd?: number;
}

/**
 * The usage of one agent of a session: the main agent, or a subagent started by an `Agent` (or,
 * on older CLIs, `Task`) tool call, with the subagents it started in turn.
 */
export interface AgentUsage {
  /** `null` for the main agent; for a subagent, the id of the tool call that started it (its messages' `parent_tool_use_id`). */
  toolUseId: string | null;
  /** The subagent's id (`agent_id` on its messages, `task_id` on its task events), when seen. */
  agentId?: string;
  /** The `subagent_type` it was started with (`general-purpose`, `Explore`, your agent's name), when seen. */
  subagentType?: string;
  /** The short description it was started with, when seen. */
  description?: string;
  /** 0 for the main agent, 1 for a subagent it started, 2 for one a subagent started, ... */
  depth: number;
  /** Model responses of this agent itself (distinct message ids). */
  requests: number;
  /** Tokens of this agent's own model calls, every model together. */
  tokens: TokenCounts;
  /**
   * This agent's own cost in USD: for each model, the model's `costUSD` from the result's
   * `modelUsage` times this agent's share of that model's tokens, the token kinds weighted by their
   * relative price ({@link DEFAULT_TOKEN_WEIGHTS}). Exact when the model's prices keep those ratios
   * and every count is exact; an estimate otherwise, as `costUSD` itself is. Absent while no
   * `modelUsage` is known.
   */
  costUsd?: number;
  /** The same, by model (the model id as the responses name it). */
  byModel: Record<string, ModelTokenUsage>;
  /** This agent and every subagent under it. */
  total: UsageTotals;
  /** The subagents this agent started, in the order they appeared. */
  subagents: AgentUsage[];
}

/** Tokens and cost the session counted (`modelUsage`) that no agent's messages account for. */
export interface UnattributedUsage {
  tokens: TokenCounts;
  byModel: Record<string, TokenCounts & { costUsd?: number }>;
  /** Absent while no `modelUsage` is known. */
  costUsd?: number;
}

/**
 * Usage per agent of a query or session, from {@link AgentUsageTracker}: the main agent with its
 * subagents nested under it, a flat list of every agent, and what the session's `modelUsage`
 * counts beyond them.
 */
export interface UsageReport {
  /** The main agent; `main.subagents` nests the rest, `main.total` adds them up. */
  main: AgentUsage;
  /** Every agent: the main one first, then the subagents in the order they appeared. */
  agents: AgentUsage[];
  /**
   * What the latest `modelUsage` counts beyond the agents' messages, per model (never below 0):
   * model calls outside any agent's conversation (compaction, classifiers, summaries), and, on a
   * live stream, what the stream does not show (see {@link AgentUsageTracker}).
   */
  unattributed: UnattributedUsage;
  /** Every model's `costUSD` from the latest `modelUsage`, summed; absent while none is known. */
  totalCostUsd?: number;
}
