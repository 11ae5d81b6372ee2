import type { TokenCounts } from './token-counts.js';

/** One model response of an agent: its model and its (largest seen) token counts. */
export interface ResponseRecord {
  model: string;
  tokens: TokenCounts;
}

/** What the tracker knows of one agent while it reads messages. */
export interface AgentRecord {
  /** `null` for the main agent, else the tool use id that started it. */
  toolUseId: string | null;
  agentId: string | undefined;
  subagentType: string | undefined;
  description: string | undefined;
  /** The id of the agent that started this one, as task events and transcripts name it. */
  parentAgentId: string | undefined;
  /** Responses by message id: the CLI repeats a response's usage on every block it streams. */
  responses: Map<string, ResponseRecord>;
  /** Tokens added per model from what a `result` counts beyond the responses (main agent only). */
  corrections: Map<string, TokenCounts>;
}

/** The tracker's state, as the report is built from it. */
export interface UsageRecords {
  /** Every agent, by tool use id (`''` for the main agent), in the order they appeared. */
  agents: ReadonlyMap<string, AgentRecord>;
  /** For each Agent/Task tool use id, the key of the agent whose message made the call. */
  callers: ReadonlyMap<string, string>;
  /** The latest `modelUsage`: per model, its counts and `costUSD`. */
  modelUsage: ReadonlyMap<string, { tokens: TokenCounts; costUsd: number }> | undefined;
}

/** The key of the main agent in {@link UsageRecords.agents}. */
export const MAIN_AGENT = '';
