/**
 * The usage fold on messages shaped as the real CLI (2.1.329) sends them: assistant messages whose
 * usage carries the output count of the response's start (1), a subagent's messages with its
 * `parent_tool_use_id`, `agent_id` and `subagent_type`, task events, and results whose `usage` is the
 * main loop's turn and whose `modelUsage` is the whole session's; and transcript messages with the
 * final counts and `parent_agent_id`.
 */
import { describe, expect, it } from 'vitest';
import { AgentUsageTracker, usageByAgent } from './agent-usage-tracker.js';

const MODEL = 'claude-opus-5-5';
type Usage = { i: number; o: number; cr: number; cc: number };
const apiUsage = (u: Usage) => ({
  input_tokens: u.i,
  output_tokens: u.o,
  cache_read_input_tokens: u.cr,
  cache_creation_input_tokens: u.cc,
});
const billed = (n: number): Usage => ({ i: 100 * n, o: 10 * n, cr: 1000 * n, cc: 7 * n });

function assistant(
  id: string,
  usage: Usage,
  content: unknown[],
  parent: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'assistant',
    message: { id, model: MODEL, role: 'assistant', content, usage: apiUsage(usage) },
    parent_tool_use_id: parent,
    session_id: 's',
    ...extra,
  };
}
const agentCall = (id: string, prompt: string, description: string) => ({
  type: 'tool_use',
  id,
  name: 'Agent',
  input: { description, prompt, subagent_type: 'general-purpose' },
});
const textBlock = (text: string) => ({ type: 'text', text });
/** Live: the usage of a response's start, output 1. */
const live = (n: number): Usage => ({ ...billed(n), o: 1 });
const sub1 = { agent_id: 'a1', subagent_type: 'general-purpose', task_description: 'level one' };
const sub2 = { agent_id: 'a2', subagent_type: 'general-purpose', task_description: 'level two' };

/** The six responses of the recorded run: main → sub1 → sub2 (Bash), each agent twice. */
function liveStream(): unknown[] {
  const total = [1, 2, 3, 4, 5, 6]
    .map(billed)
    .reduce((sum, u) => ({ i: sum.i + u.i, o: sum.o + u.o, cr: sum.cr + u.cr, cc: sum.cc + u.cc }), {
      i: 0,
      o: 0,
      cr: 0,
      cc: 0,
    });
  return [
    { type: 'system', subtype: 'init', session_id: 's', model: MODEL },
    assistant('msg_1', live(1), [textBlock('delegating')]),
    assistant('msg_1', live(1), [agentCall('toolu_agent1', 'SUB1', 'level one')]),
    {
      type: 'system',
      subtype: 'task_started',
      task_id: 'a1',
      tool_use_id: 'toolu_agent1',
      subagent_type: 'general-purpose',
      description: 'level one',
      task_type: 'local_agent',
      spawn_depth: 1,
    },
    assistant('msg_2', live(2), [agentCall('toolu_agent2', 'SUB2', 'level two')], 'toolu_agent1', sub1),
    {
      type: 'system',
      subtype: 'task_started',
      task_id: 'a2',
      tool_use_id: 'toolu_agent2',
      parent_task_id: 'a1',
      task_type: 'local_agent',
      spawn_depth: 2,
    },
    assistant('msg_3', live(3), [textBlock('running')], 'toolu_agent2', sub2),
    assistant(
      'msg_3',
      live(3),
      [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: {} }],
      'toolu_agent2',
      sub2,
    ),
    assistant('msg_4', live(4), [textBlock('sub2 done')], 'toolu_agent2', sub2),
    assistant('msg_5', live(5), [textBlock('sub1 done')], 'toolu_agent1', sub1),
    assistant('msg_6', live(6), [textBlock('main done')]),
    {
      type: 'result',
      subtype: 'success',
      is_error: false,
      session_id: 's',
      total_cost_usd: 0.017535,
      usage: apiUsage({ i: 700, o: 70, cr: 7000, cc: 49 }),
      modelUsage: {
        [MODEL]: {
          inputTokens: total.i,
          outputTokens: total.o,
          cacheReadInputTokens: total.cr,
          cacheCreationInputTokens: total.cc,
          costUSD: 0.017535,
        },
      },
    },
  ];
}

const tokens = (u: Usage) => ({
  inputTokens: u.i,
  outputTokens: u.o,
  cacheReadInputTokens: u.cr,
  cacheCreationInputTokens: u.cc,
});
const sum = (...us: Usage[]): Usage =>
  us.reduce((a, u) => ({ i: a.i + u.i, o: a.o + u.o, cr: a.cr + u.cr, cc: a.cc + u.cc }), { i: 0, o: 0, cr: 0, cc: 0 });

describe('AgentUsageTracker on a live stream', () => {
  it('nests subagents under the agent that started them, with their type, id and description', () => {
    const { main, agents } = usageByAgent(liveStream());
    expect(agents.map((a) => a.toolUseId)).toEqual([null, 'toolu_agent1', 'toolu_agent2']);
    expect(main.subagents).toHaveLength(1);
    const [first] = main.subagents;
    expect(first).toMatchObject({
      toolUseId: 'toolu_agent1',
      agentId: 'a1',
      subagentType: 'general-purpose',
      description: 'level one',
      depth: 1,
    });
    expect(first?.subagents.map((a) => [a.toolUseId, a.agentId, a.depth, a.description])).toEqual([
      ['toolu_agent2', 'a2', 2, 'level two'],
    ]);
  });

  it('counts each response once, the main agent exactly from its results, subagents’ output as a lower bound', () => {
    const report = usageByAgent(liveStream());
    const [main, one, two] = report.agents;
    expect(main?.requests).toBe(2);
    expect(main?.tokens).toEqual(tokens(sum(billed(1), billed(6))));
    expect(one?.tokens).toEqual(tokens({ ...sum(billed(2), billed(5)), o: 2 }));
    expect(two?.tokens).toEqual(tokens({ ...sum(billed(3), billed(4)), o: 2 }));
    expect(two?.requests).toBe(2);
    // What the stream cannot show: the subagents' final output counts.
    expect(report.unattributed.tokens).toEqual(tokens({ i: 0, o: 20 + 30 + 40 + 50 - 4, cr: 0, cc: 0 }));
    expect(main?.total.tokens).toEqual(tokens({ ...sum(...[1, 2, 3, 4, 5, 6].map(billed)), o: 70 + 4 }));
  });

  it('splits modelUsage’s cost by weighted tokens, adding up to the total with the unattributed rest', () => {
    const report = usageByAgent(liveStream());
    const [main, one, two] = report.agents;
    expect(report.totalCostUsd).toBeCloseTo(0.017535, 12);
    const parts = [main, one, two].map((a) => a?.costUsd ?? Number.NaN);
    expect(parts.reduce((a, b) => a + b, 0) + (report.unattributed.costUsd ?? 0)).toBeCloseTo(0.017535, 12);
    expect(report.main.total.costUsd).toBeCloseTo(
      parts.reduce((a, b) => a + b, 0),
      12,
    );
    const weight = (u: Usage) => u.i + 5 * u.o + 0.1 * u.cr + 1.25 * u.cc;
    const whole = weight(sum(...[1, 2, 3, 4, 5, 6].map(billed)));
    expect(main?.costUsd).toBeCloseTo((0.017535 * weight(sum(billed(1), billed(6)))) / whole, 12);
    expect(main?.byModel[MODEL]).toMatchObject({ requests: 2, costUsd: main?.costUsd });
  });

  it('has no cost before a modelUsage, and a snapshot reflects what was read so far', () => {
    const tracker = new AgentUsageTracker();
    const stream = liveStream();
    tracker.addAll(stream.slice(0, 5));
    const early = tracker.snapshot();
    expect(early.totalCostUsd).toBeUndefined();
    expect(early.main.costUsd).toBeUndefined();
    expect(early.main.total.costUsd).toBeUndefined();
    expect(early.agents.map((a) => a.requests)).toEqual([1, 1, 0]);
    tracker.addAll(stream.slice(5));
    expect(tracker.snapshot().agents.map((a) => a.requests)).toEqual([2, 2, 2]);
  });

  it('takes the parent from parent_task_id when the starting call was not seen, and unknown parents as main', () => {
    const report = usageByAgent([
      { type: 'system', subtype: 'task_started', task_id: 'a1', tool_use_id: 't1', task_type: 'local_agent' },
      { type: 'system', subtype: 'task_started', task_id: 'a2', tool_use_id: 't2', parent_task_id: 'a1' },
      { type: 'system', subtype: 'task_started', task_id: 'a3', tool_use_id: 't3', parent_task_id: 'gone' },
      { type: 'system', subtype: 'task_started', task_id: 'b1', tool_use_id: 'tb', task_type: 'local_bash' },
    ]);
    expect(report.main.subagents.map((a) => a.toolUseId)).toEqual(['t1', 't3']);
    expect(report.main.subagents[0]?.subagents.map((a) => a.toolUseId)).toEqual(['t2']);
  });

  it('ignores messages it does not know and synthetic responses', () => {
    const report = usageByAgent([
      null,
      'text',
      { type: 'stream_event' },
      { type: 'assistant', message: { id: 'x', model: '<synthetic>', usage: apiUsage(billed(1)), content: [] } },
      { type: 'assistant', message: { id: 'y', model: MODEL, content: [] } },
    ]);
    expect(report.main.requests).toBe(0);
  });
});

describe('AgentUsageTracker on transcripts', () => {
  it('counts final usage and nests by parent_agent_id, with costs from setModelUsage', () => {
    const session = (parent: string | null, parentAgent: string | null, agentId?: string) => ({
      parent_tool_use_id: parent,
      parent_agent_id: parentAgent,
      session_id: 's',
      ...(agentId !== undefined && { agent_id: agentId }),
    });
    const messages = [
      { type: 'user', uuid: 'u1', message: { role: 'user', content: 'MAIN' }, ...session(null, null) },
      { ...assistant('msg_1', billed(1), [textBlock('delegating')]), ...session(null, null) },
      { ...assistant('msg_1', billed(1), [agentCall('toolu_agent1', 'SUB1', 'level one')]), ...session(null, null) },
      { ...assistant('msg_6', billed(6), [textBlock('main done')]), ...session(null, null) },
      { type: 'user', uuid: 'u2', message: { role: 'user', content: 'SUB1' }, ...session('toolu_agent1', null, 'a1') },
      {
        ...assistant('msg_2', billed(2), [agentCall('toolu_agent2', 'SUB2', 'level two')]),
        ...session('toolu_agent1', null, 'a1'),
      },
      { ...assistant('msg_5', billed(5), [textBlock('sub1 done')]), ...session('toolu_agent1', null, 'a1') },
      { type: 'user', uuid: 'u3', message: { role: 'user', content: 'SUB2' }, ...session('toolu_agent2', 'a1', 'a2') },
      { ...assistant('msg_3', billed(3), [textBlock('running')]), ...session('toolu_agent2', 'a1', 'a2') },
      { ...assistant('msg_4', billed(4), [textBlock('sub2 done')]), ...session('toolu_agent2', 'a1', 'a2') },
    ];
    const tracker = new AgentUsageTracker().addAll(messages);
    expect(tracker.snapshot().totalCostUsd).toBeUndefined();
    const all = sum(...[1, 2, 3, 4, 5, 6].map(billed));
    tracker.setModelUsage({
      [MODEL]: {
        inputTokens: all.i,
        outputTokens: all.o,
        cacheReadInputTokens: all.cr,
        cacheCreationInputTokens: all.cc,
        costUSD: 0.5,
      },
    });
    const report = tracker.snapshot();
    const [main, one, two] = report.agents;
    expect(main?.tokens).toEqual(tokens(sum(billed(1), billed(6))));
    expect(one).toMatchObject({ tokens: tokens(sum(billed(2), billed(5))), agentId: 'a1', depth: 1 });
    expect(two).toMatchObject({ tokens: tokens(sum(billed(3), billed(4))), agentId: 'a2', depth: 2 });
    expect(report.unattributed.tokens).toEqual(tokens({ i: 0, o: 0, cr: 0, cc: 0 }));
    expect(report.unattributed.costUsd).toBeCloseTo(0, 12);
    expect(report.main.total.costUsd).toBeCloseTo(0.5, 12);
    expect(report.main.total.tokens).toEqual(tokens(all));
  });

  it('splits each model’s cost among the agents that used it, with the given weights', () => {
    const report = new AgentUsageTracker({ tokenWeights: { outputTokens: 1, cacheReadInputTokens: 1 } })
      .addAll([
        assistant('m1', { i: 10, o: 0, cr: 0, cc: 0 }, [agentCall('t1', 'x', 'd')]),
        {
          ...assistant('m2', { i: 30, o: 0, cr: 0, cc: 0 }, []),
          message: { id: 'm2', model: 'haiku', usage: apiUsage({ i: 30, o: 0, cr: 0, cc: 0 }) },
        },
        { ...assistant('m3', { i: 0, o: 10, cr: 0, cc: 0 }, [], 't1') },
      ])
      .setModelUsage({
        [MODEL]: {
          inputTokens: 10,
          outputTokens: 10,
          cacheReadInputTokens: 0,
          cacheCreationInputTokens: 0,
          costUSD: 2,
        },
        haiku: { inputTokens: 40, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUSD: 1 },
      })
      .snapshot();
    const [main, sub] = report.agents;
    expect(main?.byModel[MODEL]?.costUsd).toBeCloseTo(1, 12);
    expect(main?.byModel.haiku?.costUsd).toBeCloseTo(0.75, 12);
    expect(sub?.costUsd).toBeCloseTo(1, 12);
    expect(report.unattributed.byModel.haiku).toMatchObject({ inputTokens: 10 });
    expect(report.unattributed.costUsd).toBeCloseTo(0.25, 12);
    expect(report.totalCostUsd).toBe(3);
  });
});
