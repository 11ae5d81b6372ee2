/**
 * Usage per agent on the real CLI: the scripted model starts a subagent (Agent tool) that starts
 * another, which runs Bash; each request is billed distinct token counts of every kind. The
 * per-agent totals, read live from the stream (`AgentUsageTracker`) and from the transcripts
 * (`getSessionUsage`), are checked against what the model server billed each agent's requests.
 */

import {
  AgentUsageTracker,
  getSessionUsage,
  InMemorySessionStore,
  importSessionToStore,
  query,
  type SDKMessage,
  type TokenCounts,
  type UsageReport,
} from '@hexagent/sdk';
import { type CliHarness, type ModelUsage, type RecordedRequest, TestScope, text, toolUse } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Agent = 'main' | 'sub1' | 'sub2';
/** What the model server billed, request by request, and for which agent. */
const billed: Array<{ agent: Agent; usage: Required<ModelUsage> }> = [];
let harness: CliHarness;
const scope = new TestScope();
let cwd: string;

/** The agent a request belongs to: its conversation starts with the prompt the agent was given. */
function agentOf(request: RecordedRequest): Agent {
  const first = request.body.messages?.find((message) => message.role === 'user');
  const said = typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content ?? '');
  return said.includes('SUB2:') ? 'sub2' : said.includes('SUB1:') ? 'sub1' : 'main';
}

const started = new Set<Agent>();
function answer(request: RecordedRequest) {
  const agent = agentOf(request);
  const n = billed.length + 1;
  const usage = {
    input_tokens: 100 * n,
    output_tokens: 10 * n,
    cache_read_input_tokens: 1000 * n,
    cache_creation_input_tokens: 7 * n,
  };
  billed.push({ agent, usage });
  const first = !started.has(agent);
  started.add(agent);
  const agentCall = (id: string, prompt: string, description: string) =>
    toolUse('Agent', { description, prompt, subagent_type: 'general-purpose', run_in_background: false }, id);
  if (first && agent === 'main')
    return { usage, content: [text('delegating'), agentCall('toolu_one', 'SUB1: go on', 'level one')] };
  if (first && agent === 'sub1') return { usage, content: [agentCall('toolu_two', 'SUB2: run it', 'level two')] };
  if (first && agent === 'sub2') {
    return {
      usage,
      content: [text('running'), toolUse('Bash', { command: 'echo hi', description: 'say hi' }, 'toolu_bash')],
    };
  }
  return { usage, content: [text(`${agent} done`)] };
}

/** The billed tokens of `agent` (every agent when undefined), by kind. */
function billedTo(agent?: Agent): TokenCounts {
  const sum = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
  for (const entry of billed) {
    if (agent !== undefined && entry.agent !== agent) continue;
    sum.inputTokens += entry.usage.input_tokens;
    sum.outputTokens += entry.usage.output_tokens;
    sum.cacheReadInputTokens += entry.usage.cache_read_input_tokens;
    sum.cacheCreationInputTokens += entry.usage.cache_creation_input_tokens;
  }
  return sum;
}
const requestsOf = (agent: Agent) => billed.filter((entry) => entry.agent === agent).length;

async function run(forwardSubagentText: boolean): Promise<{ messages: SDKMessage[]; live: UsageReport }> {
  billed.length = 0;
  started.clear();
  const tracker = new AgentUsageTracker();
  const messages: SDKMessage[] = [];
  for await (const message of query({
    prompt: 'MAIN: delegate twice',
    options: { env: harness.env, cwd, allowedTools: ['Agent', 'Bash'], forwardSubagentText },
  })) {
    tracker.add(message);
    messages.push(message);
  }
  return { messages, live: tracker.snapshot() };
}

const resultOf = (messages: SDKMessage[]) =>
  messages.find((m) => m.type === 'result') as Extract<SDKMessage, { type: 'result' }>;
const sumCosts = (report: UsageReport) =>
  report.agents.reduce((sum, agent) => sum + (agent.costUsd ?? Number.NaN), 0) + (report.unattributed.costUsd ?? 0);

beforeAll(async () => {
  harness = await scope.startCliHarness(answer);
  cwd = scope.tempDir('hexagent-usage-');
  vi.stubEnv('CLAUDE_CONFIG_DIR', harness.configDir);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await scope.cleanup();
});

describe('usage per agent on the real CLI', () => {
  it('matches what the model billed each agent, live (subagent output as a lower bound) and from the transcripts', async () => {
    const { messages, live } = await run(true);
    const result = resultOf(messages);
    expect(result.subtype).toBe('success');
    expect(billed.map((entry) => entry.agent)).toEqual(['main', 'sub1', 'sub2', 'sub2', 'sub1', 'main']);

    // The tree: main → level one → level two, with their type and description.
    const [main, one, two] = live.agents;
    expect(live.main.subagents.map((a) => [a.toolUseId, a.subagentType, a.description])).toEqual([
      ['toolu_one', 'general-purpose', 'level one'],
    ]);
    expect(live.main.subagents[0]?.subagents.map((a) => [a.toolUseId, a.description, a.depth])).toEqual([
      ['toolu_two', 'level two', 2],
    ]);
    expect(typeof one?.agentId).toBe('string');

    // Live: the main agent exact (its results), every input and cache count exact, subagents'
    // output counts a lower bound with the rest unattributed; all of it adds up to modelUsage.
    expect(main?.tokens).toEqual(billedTo('main'));
    for (const [agent, name] of [
      [one, 'sub1'],
      [two, 'sub2'],
    ] as const) {
      expect(agent?.requests).toBe(requestsOf(name));
      expect({ ...agent?.tokens, outputTokens: 0 }).toEqual({ ...billedTo(name), outputTokens: 0 });
      expect(agent?.tokens.outputTokens).toBeLessThan(billedTo(name).outputTokens);
    }
    const all = billedTo();
    const counted = { ...live.main.total.tokens };
    for (const kind of Object.keys(counted) as Array<keyof TokenCounts>)
      counted[kind] += live.unattributed.tokens[kind];
    expect(counted).toEqual(all);
    expect(Object.values(result.modelUsage).reduce((sum, model) => sum + model.inputTokens, 0)).toBe(all.inputTokens);
    expect(live.totalCostUsd).toBeCloseTo(result.total_cost_usd, 12);
    expect(sumCosts(live)).toBeCloseTo(result.total_cost_usd, 12);

    // From the transcripts: every count exact, nothing unattributed, the same tree.
    const saved = await getSessionUsage(result.session_id, { dir: cwd });
    const [sMain, sOne, sTwo] = saved.agents;
    expect(saved.agents.map((a) => [a.toolUseId, a.depth, a.subagentType])).toEqual([
      [null, 0, undefined],
      ['toolu_one', 1, 'general-purpose'],
      ['toolu_two', 2, 'general-purpose'],
    ]);
    expect([sMain?.tokens, sOne?.tokens, sTwo?.tokens]).toEqual([billedTo('main'), billedTo('sub1'), billedTo('sub2')]);
    expect([sMain?.requests, sOne?.requests, sTwo?.requests]).toEqual([2, 2, 2]);
    expect(sOne?.agentId).toBe(one?.agentId);
    expect(saved.main.total.tokens).toEqual(all);
    expect(saved.unattributed.tokens).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
    });
    expect(saved.totalCostUsd).toBeCloseTo(result.total_cost_usd, 12);
    expect(saved.main.total.costUsd).toBeCloseTo(result.total_cost_usd, 12);
    // Costs split by weighted tokens: the main agent's share of the one model's cost.
    const weight = (t: TokenCounts) =>
      t.inputTokens + 5 * t.outputTokens + 0.1 * t.cacheReadInputTokens + 1.25 * t.cacheCreationInputTokens;
    expect(sMain?.costUsd).toBeCloseTo((result.total_cost_usd * weight(billedTo('main'))) / weight(all), 12);

    // The same from a SessionStore holding the session (its subagents under subagents/agent-<id>).
    const store = new InMemorySessionStore();
    await importSessionToStore(result.session_id, store, { dir: cwd });
    const stored = await getSessionUsage(result.session_id, { dir: cwd, sessionStore: store });
    expect(stored.agents.map((a) => [a.toolUseId, a.tokens])).toEqual(saved.agents.map((a) => [a.toolUseId, a.tokens]));
    expect(stored.totalCostUsd).toBeCloseTo(result.total_cost_usd, 12);
    // A session that is not there: an empty report.
    const missing = await getSessionUsage('00000000-0000-4000-8000-000000000000', { dir: cwd });
    expect([missing.agents.length, missing.main.requests, missing.totalCostUsd]).toEqual([1, 0, undefined]);
  }, 120_000);

  it('without forwardSubagentText, sees the nested subagent only by its task events; its tokens stay unattributed', async () => {
    const { messages, live } = await run(false);
    const result = resultOf(messages);
    expect(result.subtype).toBe('success');
    const [main, one, two] = live.agents;
    expect(main?.tokens).toEqual(billedTo('main'));
    // The first subagent's tool call is forwarded, its final answer and its subagent's messages are not.
    expect(one?.requests).toBe(1);
    expect(two).toMatchObject({ toolUseId: 'toolu_two', requests: 0, depth: 2 });
    expect(live.unattributed.tokens.inputTokens).toBe(billedTo().inputTokens - billedTo('main').inputTokens - 200);
    expect(sumCosts(live)).toBeCloseTo(result.total_cost_usd, 12);
  }, 120_000);
});
