import { isRecord } from '../util/is-record.js';
import { type AgentRecord, MAIN_AGENT, type ResponseRecord, type UsageRecords } from './agent-record.js';
import type { UsageReport } from './agent-usage.js';
import { buildUsageReport } from './build-usage-report.js';
import {
  addTokens,
  DEFAULT_TOKEN_WEIGHTS,
  maxTokens,
  TOKEN_KINDS,
  type TokenCounts,
  type TokenWeights,
  tokenCountsOfApiUsage,
  tokenCountsOfModelUsage,
  zeroTokens,
} from './token-counts.js';

type Json = Record<string, unknown>;

/** Options of {@link AgentUsageTracker}. */
export interface AgentUsageTrackerOptions {
  /**
   * The relative price of each token kind, used to split a model's cost between agents; default
   * {@link DEFAULT_TOKEN_WEIGHTS} (Anthropic's list-price ratios). Kinds left out keep the default.
   */
  tokenWeights?: Partial<TokenWeights>;
}

const string = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** The tools that start a subagent: `Agent`, and `Task` on CLIs before the rename. */
const AGENT_TOOLS = new Set(['Agent', 'Task']);

/**
 * Folds a query's messages, or a session's transcript messages, into usage per agent: the main
 * agent and each subagent (by the id of the `Agent`/`Task` tool call that started it, with its
 * `subagent_type`), nested under the agent that started it, with tokens by kind and a cost derived
 * from the result's `modelUsage`. Feed it messages in order with {@link add}, read a
 * {@link snapshot} at any time. It keeps a few numbers per model response, never the messages.
 *
 * What it reads: an assistant message's `message.id`, `model` and `usage`, counted once per
 * response (the CLI repeats a response's usage on each block it streams); its agent is the
 * message's `parent_tool_use_id` (`null`: the main agent). `Agent`/`Task` `tool_use` blocks, the
 * messages' `agent_id`/`subagent_type`, `task_started` events and a transcript's
 * `parent_agent_id` say which agent started which. A `result` gives `modelUsage` (the costs) and,
 * for the main agent, the turn's final `usage`.
 *
 * How exact: from transcripts (`getSessionMessages`, `getSubagentMessages`, or `getSessionUsage`,
 * which reads them all) every count is the final one. On a live stream the CLI puts a response's
 * usage on its assistant messages before the response ends, so their `output_tokens` is not final
 * (the official SDK says so); the main agent's are made exact by each turn's `result`, while a
 * subagent's output tokens stay a lower bound, the rest of them in `unattributed`. And by default
 * the CLI forwards only a subagent's tool calls (not always its last answer) and nothing of a
 * subagent started by a subagent but its task events: set `forwardSubagentText: true` for every
 * response to be seen live. Input and cache tokens are exact for every response the tracker sees.
 *
 * @example
 * ```ts
 * const usage = new AgentUsageTracker();
 * for await (const message of query({ prompt, options: { forwardSubagentText: true } })) {
 *   usage.add(message);
 * }
 * const { main } = usage.snapshot();
 * for (const agent of main.subagents) console.log(agent.subagentType, agent.total.tokens, agent.total.costUsd);
 * ```
 */
export class AgentUsageTracker {
  private readonly agents = new Map<string, AgentRecord>([[MAIN_AGENT, newRecord(null)]]);
  private readonly callers = new Map<string, string>();
  private modelUsage: UsageRecords['modelUsage'];
  private readonly weights: TokenWeights;
  /** Main-agent responses since the last result: the turn the next result's `usage` covers. */
  private mainTurn: ResponseRecord[] = [];
  private lastMainModel: string | undefined;

  constructor(options: AgentUsageTrackerOptions = {}) {
    this.weights = { ...DEFAULT_TOKEN_WEIGHTS, ...options.tokenWeights };
  }

  /** Reads one message (an `SDKMessage`, or a `SessionMessage` of a transcript); anything else is ignored. */
  add(message: unknown): this {
    if (!isRecord(message)) return this;
    switch (message.type) {
      case 'assistant':
        this.assistant(message);
        break;
      case 'user':
        this.user(message);
        break;
      case 'result':
        this.result(message);
        break;
      case 'system':
        if (message.subtype === 'task_started') this.taskStarted(message);
        break;
    }
    return this;
  }

  /** Reads every message of `messages`, in order. */
  addAll(messages: Iterable<unknown>): this {
    for (const message of messages) this.add(message);
    return this;
  }

  /**
   * Sets the session's per-model totals and costs, as a result's `modelUsage` carries them (a
   * result read by {@link add} does the same): for transcripts, whose messages carry no costs.
   */
  setModelUsage(modelUsage: Readonly<Record<string, unknown>>): this {
    const models = new Map<string, { tokens: TokenCounts; costUsd: number }>();
    for (const [model, entry] of Object.entries(modelUsage)) {
      const cost = isRecord(entry) ? entry.costUSD : undefined;
      models.set(model, {
        tokens: tokenCountsOfModelUsage(entry),
        costUsd: typeof cost === 'number' && Number.isFinite(cost) ? cost : 0,
      });
    }
    this.modelUsage = models;
    return this;
  }

  /** The usage per agent so far. Each call builds a new report; the tracker goes on reading. */
  snapshot(): UsageReport {
    return buildUsageReport({ agents: this.agents, callers: this.callers, modelUsage: this.modelUsage }, this.weights);
  }

  private agent(toolUseId: string | null): AgentRecord {
    const key = toolUseId ?? MAIN_AGENT;
    let record = this.agents.get(key);
    if (record === undefined) {
      record = newRecord(toolUseId);
      this.agents.set(key, record);
    }
    return record;
  }

  private assistant(message: Json): void {
    const parent = string(message.parent_tool_use_id) ?? null;
    const record = this.agent(parent);
    describe(record, message.agent_id, message.subagent_type, message.task_description);
    const body = isRecord(message.message) ? message.message : {};
    for (const block of Array.isArray(body.content) ? body.content : []) {
      if (!isRecord(block) || block.type !== 'tool_use' || typeof block.name !== 'string') continue;
      const id = string(block.id);
      if (id === undefined || !AGENT_TOOLS.has(block.name)) continue;
      this.callers.set(id, parent ?? MAIN_AGENT);
      const input = isRecord(block.input) ? block.input : {};
      describe(this.agent(id), undefined, input.subagent_type, input.description);
    }
    const tokens = tokenCountsOfApiUsage(body.usage);
    const model = string(body.model);
    if (tokens === undefined || model === undefined || model === '<synthetic>') return;
    const id = string(body.id) ?? string(message.uuid) ?? `response-${record.responses.size}`;
    const seen = record.responses.get(id);
    if (seen !== undefined) {
      seen.tokens = maxTokens(seen.tokens, tokens);
      return;
    }
    const response = { model, tokens };
    record.responses.set(id, response);
    if (parent === null) {
      this.mainTurn.push(response);
      this.lastMainModel = model;
    }
  }

  private user(message: Json): void {
    const parent = string(message.parent_tool_use_id);
    if (parent !== undefined) {
      const record = this.agent(parent);
      describe(record, message.agent_id, message.subagent_type, message.task_description);
      record.parentAgentId ??= string(message.parent_agent_id);
    }
    // The Agent tool's result names the subagent it ran.
    const result = isRecord(message.tool_use_result) ? message.tool_use_result : undefined;
    const body = isRecord(message.message) ? message.message : {};
    const content = Array.isArray(body.content) ? body.content : [];
    const answered = content.find((block) => isRecord(block) && block.type === 'tool_result');
    const toolUseId = isRecord(answered) ? string(answered.tool_use_id) : undefined;
    if (result !== undefined && toolUseId !== undefined && this.agents.has(toolUseId)) {
      describe(this.agent(toolUseId), result.agentId, result.agentType, undefined);
    }
  }

  private taskStarted(message: Json): void {
    const toolUseId = string(message.tool_use_id);
    if (toolUseId === undefined || (message.task_type !== undefined && message.task_type !== 'local_agent')) return;
    const record = this.agent(toolUseId);
    describe(record, message.task_id, message.subagent_type, message.description);
    record.parentAgentId ??= string(message.parent_task_id);
  }

  /** A result: the latest `modelUsage`, and the main agent's final counts for the turn. */
  private result(message: Json): void {
    if (isRecord(message.modelUsage)) this.setModelUsage(message.modelUsage);
    const final = tokenCountsOfApiUsage(message.usage);
    const turn = this.mainTurn;
    this.mainTurn = [];
    if (final === undefined) return;
    const seen = zeroTokens();
    for (const response of turn) addTokens(seen, response.tokens);
    const missing = zeroTokens();
    for (const kind of TOKEN_KINDS) missing[kind] = Math.max(0, final[kind] - seen[kind]);
    if (TOKEN_KINDS.every((kind) => missing[kind] === 0)) return;
    const model = turn.at(-1)?.model ?? this.lastMainModel ?? 'unknown';
    const main = this.agent(null);
    main.corrections.set(model, addTokens(main.corrections.get(model) ?? zeroTokens(), missing));
  }
}

function newRecord(toolUseId: string | null): AgentRecord {
  return {
    toolUseId,
    agentId: undefined,
    subagentType: undefined,
    description: undefined,
    parentAgentId: undefined,
    responses: new Map(),
    corrections: new Map(),
  };
}

/** Fills what is not yet known of an agent. */
function describe(record: AgentRecord, agentId: unknown, subagentType: unknown, description: unknown): void {
  if (record.toolUseId === null) return;
  record.agentId ??= string(agentId);
  record.subagentType ??= string(subagentType);
  record.description ??= string(description);
}

/**
 * The usage per agent of `messages` (a query's messages, or a session's transcript messages): a
 * {@link AgentUsageTracker} fed every message, then its snapshot.
 *
 * @example
 * ```ts
 * const report = usageByAgent(await getSessionMessages(sessionId));
 * console.log(report.main.tokens);
 * ```
 */
export function usageByAgent(messages: Iterable<unknown>, options?: AgentUsageTrackerOptions): UsageReport {
  return new AgentUsageTracker(options).addAll(messages).snapshot();
}
