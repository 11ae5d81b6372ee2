import { type AgentRecord, MAIN_AGENT, type UsageRecords } from './agent-record.js';
import type { AgentUsage, ModelTokenUsage, UnattributedUsage, UsageReport, UsageTotals } from './agent-usage.js';
import { addTokens, maxTokens, TOKEN_KINDS, type TokenWeights, weightedTokens, zeroTokens } from './token-counts.js';

/** An agent's own usage per model: its responses, plus the corrections a result added. */
function ownByModel(record: AgentRecord): Record<string, ModelTokenUsage> {
  const byModel: Record<string, ModelTokenUsage> = {};
  const entry = (model: string): ModelTokenUsage => {
    byModel[model] ??= { ...zeroTokens(), requests: 0 };
    return byModel[model];
  };
  for (const response of record.responses.values()) {
    const usage = entry(response.model);
    addTokens(usage, response.tokens);
    usage.requests += 1;
  }
  for (const [model, tokens] of record.corrections) addTokens(entry(model), tokens);
  return byModel;
}

/** The parent's key of each agent, attached to the main agent when unknown or circular. */
function parentKeys(records: UsageRecords): Map<string, string> {
  const byAgentId = new Map<string, string>();
  for (const [key, record] of records.agents) if (record.agentId !== undefined) byAgentId.set(record.agentId, key);
  const parents = new Map<string, string>();
  for (const [key, record] of records.agents) {
    if (key === MAIN_AGENT) continue;
    const fromTask = record.parentAgentId === undefined ? undefined : byAgentId.get(record.parentAgentId);
    const parent = records.callers.get(key) ?? fromTask ?? MAIN_AGENT;
    parents.set(key, records.agents.has(parent) && parent !== key ? parent : MAIN_AGENT);
  }
  for (const key of parents.keys()) {
    const seen = new Set([key]);
    for (let up = parents.get(key); up !== undefined && up !== MAIN_AGENT; up = parents.get(up)) {
      if (seen.has(up)) {
        parents.set(key, MAIN_AGENT);
        break;
      }
      seen.add(up);
    }
  }
  return parents;
}

/**
 * Each model's cost split between the agents in proportion to their weighted tokens, out of the
 * larger of the model's weighted `modelUsage` and the agents' sum (so no share exceeds the cost);
 * what is left, with the tokens `modelUsage` counts beyond the agents', is unattributed.
 */
function apportionCost(agents: AgentUsage[], records: UsageRecords, weights: TokenWeights): UnattributedUsage {
  const unattributed: UnattributedUsage = { tokens: zeroTokens(), byModel: {} };
  const modelUsage = records.modelUsage;
  if (modelUsage === undefined) return unattributed;
  unattributed.costUsd = 0;
  for (const agent of agents) agent.costUsd = 0;
  const models = new Set([...modelUsage.keys(), ...agents.flatMap((agent) => Object.keys(agent.byModel))]);
  for (const model of models) {
    const counted = modelUsage.get(model) ?? { tokens: zeroTokens(), costUsd: 0 };
    const attributed = zeroTokens();
    for (const agent of agents) if (agent.byModel[model]) addTokens(attributed, agent.byModel[model]);
    const whole = weightedTokens(maxTokens(counted.tokens, attributed), weights);
    let shared = 0;
    for (const agent of agents) {
      const usage = agent.byModel[model];
      if (usage === undefined) continue;
      usage.costUsd = whole > 0 ? (counted.costUsd * weightedTokens(usage, weights)) / whole : 0;
      shared += usage.costUsd;
      agent.costUsd = (agent.costUsd ?? 0) + usage.costUsd;
    }
    const rest = zeroTokens();
    for (const kind of TOKEN_KINDS) rest[kind] = Math.max(0, counted.tokens[kind] - attributed[kind]);
    const restCost = Math.max(0, counted.costUsd - shared);
    if (weightedTokens(rest, weights) > 0 || restCost > 0) {
      unattributed.byModel[model] = { ...rest, costUsd: restCost };
      addTokens(unattributed.tokens, rest);
      unattributed.costUsd += restCost;
    }
  }
  return unattributed;
}

function addTotals(total: UsageTotals, part: UsageTotals): void {
  total.requests += part.requests;
  addTokens(total.tokens, part.tokens);
  if (total.costUsd !== undefined && part.costUsd !== undefined) total.costUsd += part.costUsd;
}

/** The report of `records`: the agents with their tokens and cost, nested, and the unattributed rest. */
export function buildUsageReport(records: UsageRecords, weights: TokenWeights): UsageReport {
  const byKey = new Map<string, AgentUsage>();
  for (const [key, record] of records.agents) {
    const byModel = ownByModel(record);
    const tokens = zeroTokens();
    for (const usage of Object.values(byModel)) addTokens(tokens, usage);
    const agent: AgentUsage = {
      toolUseId: record.toolUseId,
      ...(record.agentId !== undefined && { agentId: record.agentId }),
      ...(record.subagentType !== undefined && { subagentType: record.subagentType }),
      ...(record.description !== undefined && { description: record.description }),
      depth: 0,
      requests: record.responses.size,
      tokens,
      byModel,
      total: { requests: 0, tokens: zeroTokens() },
      subagents: [],
    };
    byKey.set(key, agent);
  }
  const agents = [...byKey.values()];
  const unattributed = apportionCost(agents, records, weights);
  const parents = parentKeys(records);
  for (const [key, parent] of parents) byKey.get(parent)?.subagents.push(byKey.get(key) as AgentUsage);
  const main = byKey.get(MAIN_AGENT) as AgentUsage;
  const settle = (agent: AgentUsage, depth: number): UsageTotals => {
    agent.depth = depth;
    agent.total = {
      requests: agent.requests,
      tokens: { ...agent.tokens },
      ...(agent.costUsd !== undefined && { costUsd: agent.costUsd }),
    };
    for (const sub of agent.subagents) addTotals(agent.total, settle(sub, depth + 1));
    return agent.total;
  };
  settle(main, 0);
  const report: UsageReport = { main, agents, unattributed };
  if (records.modelUsage !== undefined) {
    report.totalCostUsd = [...records.modelUsage.values()].reduce((sum, model) => sum + model.costUsd, 0);
  }
  return report;
}
