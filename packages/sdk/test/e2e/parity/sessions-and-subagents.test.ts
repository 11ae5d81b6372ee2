/**
 * Parity with the official SDK on the real CLI: resuming from a session store with the user's
 * settings, sub-agent transcripts read back, truncating resume, and sub-agent text forwarding (the
 * Python SDK's e2e `test_session_store_resume_settings.py`, `test_subagent_session_reads.py`,
 * `test_truncating_resume.py`, `test_forward_subagent_text.py`), as scenarios of the TypeScript API.
 * Each runs on both SDKs; the session functions read the scenario's `CLAUDE_CONFIG_DIR`.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options, SDKMessage, SDKResultMessage, SessionMessage } from '@hexagent/sdk';
import { byPrompt, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation, disposeScenarios, find, type Scenario, settle, startScenario } from './parity-kit.js';
import { type ParitySdk, SDKS } from './sdks.js';

const configDirBefore = process.env.CLAUDE_CONFIG_DIR;
afterEach(async () => {
  if (configDirBefore === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = configDirBefore;
  await disposeScenarios();
});

const resultOf = (messages: SDKMessage[]) => messages.findLast((m) => m.type === 'result') as SDKResultMessage;

/** The model: delegate to the `greeter` sub-agent with the Agent tool, which says hi; then DONE. */
const delegating = byPrompt({
  Delegate: {
    content: [
      toolUse(
        'Agent',
        { subagent_type: 'greeter', description: 'greet', prompt: 'GREETER_TASK: say hi', run_in_background: false },
        'toolu_agent',
      ),
    ],
  },
  GREETER_TASK: { content: [text('Hi there, nice to meet you!')] },
  'tool_result:agent': { content: [text('DONE')] },
});

function delegationOptions(scenario: Scenario, extra: Options = {}): Options {
  return scenario.options({
    agents: {
      greeter: {
        description: 'Replies with a short greeting. Use for greeting tasks.',
        prompt: 'Reply with one short friendly sentence. Do not use any tools.',
        model: 'haiku',
        background: false,
      },
    },
    allowedTools: ['Agent', 'Task'],
    maxTurns: 4,
    ...extra,
  });
}

/** The Agent tool_use ids of the main conversation, and the assistant messages attributed to one. */
function delegation(messages: SDKMessage[]) {
  const agentIds = new Set<string>();
  const attributed: SDKMessage[] = [];
  for (const message of messages) {
    if (message.type !== 'assistant') continue;
    if (message.parent_tool_use_id === null) {
      for (const block of message.message.content as Array<{ type: string; name?: string; id?: string }>) {
        if (block.type === 'tool_use' && (block.name === 'Agent' || block.name === 'Task'))
          agentIds.add(String(block.id));
      }
    } else attributed.push(message);
  }
  return { agentIds, attributed };
}

const hasText = (message: SDKMessage) =>
  message.type === 'assistant' && (message.message.content as Array<{ type: string }>).some((b) => b.type === 'text');

/** The text of each user prompt of a transcript (tool results and CLI-made entries left out). */
function prompts(messages: SessionMessage[]): string[] {
  return messages.flatMap((entry) => {
    if (entry.type !== 'user') return [];
    const content = (entry.message as { content?: unknown }).content;
    if (typeof content === 'string') return [content];
    const blocks = Array.isArray(content) ? (content as Array<{ type: string; text?: string }>) : [];
    if (blocks.some((block) => block.type !== 'text')) return [];
    return [blocks.map((block) => block.text ?? '').join('')];
  });
}

describe.each(SDKS)('sessions and sub-agents on $name', (sdk: ParitySdk) => {
  it("a resume from the session store applies the user's settings.json", async () => {
    const scenario = await startScenario([{ content: [text('one')] }, { content: [text('two')] }]);
    const store = new sdk.InMemorySessionStore();
    const first = await settle(
      sdk.query({ prompt: 'Reply with exactly: one', options: scenario.options({ sessionStore: store, maxTurns: 1 }) }),
    );
    expect(find(first.messages, 'system', 'init')).toMatchObject({ output_style: 'default' });
    const sessionId = resultOf(first.messages).session_id;
    writeFileSync(join(scenario.configDir, 'settings.json'), JSON.stringify({ outputStyle: 'Explanatory' }));
    // Only the store has the session now.
    rmSync(join(scenario.configDir, 'projects'), { recursive: true, force: true });
    const resumed = await settle(
      sdk.query({
        prompt: 'Reply with exactly: two',
        options: scenario.options({ sessionStore: store, maxTurns: 1, resume: sessionId }),
      }),
    );
    expect(resumed.error).toBeUndefined();
    expect(resultOf(resumed.messages)).toMatchObject({ session_id: sessionId, is_error: false });
    expect(find(resumed.messages, 'system', 'init')).toMatchObject({ output_style: 'Explanatory' });
  });

  it('sub-agent messages read back (local and from the store) carry the Agent tool_use id', async () => {
    const scenario = await startScenario(delegating);
    const store = new sdk.InMemorySessionStore();
    const { messages, error } = await settle(
      sdk.query({
        prompt: 'Delegate the greeting, then reply DONE.',
        options: delegationOptions(scenario, { sessionStore: store }),
      }),
    );
    expect(error).toBeUndefined();
    const sessionId = resultOf(messages).session_id;
    const { agentIds } = delegation(messages);
    expect([...agentIds]).toEqual(['toolu_agent']);
    process.env.CLAUDE_CONFIG_DIR = scenario.configDir;
    for (const from of [{ dir: scenario.cwd }, { dir: scenario.cwd, sessionStore: store }]) {
      const agents = await sdk.listSubagents(sessionId, from);
      expect(agents.length).toBeGreaterThan(0);
      const read = await Promise.all(agents.map((agent) => sdk.getSubagentMessages(sessionId, agent, from)));
      const attributed = read.filter((entries) => entries.some((entry) => entry.parent_tool_use_id === 'toolu_agent'));
      expect(attributed.length).toBeGreaterThan(0);
      for (const entries of attributed) {
        expect(entries.every((entry) => entry.parent_tool_use_id === 'toolu_agent')).toBe(true);
        expect(entries.every((entry) => entry.parent_agent_id === null)).toBe(true);
      }
    }
  });

  it('forwardSubagentText: the sub-agent’s text arrives attributed to the Agent call; by default it does not', async () => {
    for (const forwardSubagentText of [true, false]) {
      const scenario = await startScenario(delegating);
      const { messages } = await settle(
        sdk.query({
          prompt: 'Delegate the greeting, then reply DONE.',
          options: delegationOptions(scenario, { forwardSubagentText }),
        }),
      );
      const { agentIds, attributed } = delegation(messages);
      expect(resultOf(messages)).toMatchObject({ is_error: false });
      const texts = attributed.filter(hasText);
      if (forwardSubagentText) {
        expect(texts.length).toBeGreaterThan(0);
        for (const message of texts)
          expect(agentIds.has(String((message as { parent_tool_use_id: string }).parent_tool_use_id))).toBe(true);
      } else {
        expect(texts).toEqual([]);
      }
    }
  });

  /** Two turns in one conversation; returns the session, turn 1's last assistant uuid and turn 2's prompt uuid. */
  async function twoTurns(scenario: Scenario) {
    const chat = conversation(sdk, scenario.options({ maxTurns: 1 }));
    const one = await chat.turn('Reply with exactly: one');
    const two = await chat.turn('Reply with exactly: two');
    expect((await chat.close()).error).toBeUndefined();
    const keepAt = (one.findLast((m) => m.type === 'assistant') as { uuid: string }).uuid;
    const sessionId = resultOf(two).session_id;
    process.env.CLAUDE_CONFIG_DIR = scenario.configDir;
    const chain = await sdk.getSessionMessages(sessionId, { dir: scenario.cwd });
    const at = chain.findIndex((entry) => entry.uuid === keepAt);
    expect(at).toBeGreaterThanOrEqual(0);
    const turnTwo = chain[at + 1];
    expect(prompts(turnTwo === undefined ? [] : [turnTwo])).toEqual(['Reply with exactly: two']);
    return { sessionId, keepAt, turnTwoPrompt: String(turnTwo?.uuid) };
  }

  it('a truncating resume whose dropped turn matches forks cleanly after turn 1', async () => {
    const scenario = await startScenario([
      { content: [text('one')] },
      { content: [text('two')] },
      { content: [text('three')] },
    ]);
    const { sessionId, keepAt, turnTwoPrompt } = await twoTurns(scenario);
    const forked = await settle(
      sdk.query({
        prompt: 'Reply with exactly: three',
        options: scenario.options({
          maxTurns: 1,
          resume: sessionId,
          forkSession: true,
          resumeSessionAt: keepAt,
          resumeDropsTurn: turnTwoPrompt,
        }),
      }),
    );
    expect(forked.error).toBeUndefined();
    const result = resultOf(forked.messages);
    expect(result.session_id).not.toBe(sessionId);
    const forkedPrompts = prompts(await sdk.getSessionMessages(result.session_id, { dir: scenario.cwd }));
    expect(forkedPrompts).toEqual(['Reply with exactly: one', 'Reply with exactly: three']);
    const sourcePrompts = prompts(await sdk.getSessionMessages(sessionId, { dir: scenario.cwd }));
    expect(sourcePrompts).toEqual(['Reply with exactly: one', 'Reply with exactly: two']);
  });

  it('a truncating resume with a wrong dropped turn is refused, and nothing is forked', async () => {
    const scenario = await startScenario([
      { content: [text('one')] },
      { content: [text('two')] },
      { content: [text('three')] },
    ]);
    const { sessionId, keepAt } = await twoTurns(scenario);
    const refused = await settle(
      sdk.query({
        prompt: 'Reply with exactly: three',
        options: scenario.options({
          maxTurns: 1,
          resume: sessionId,
          forkSession: true,
          resumeSessionAt: keepAt,
          resumeDropsTurn: '0f0e0d0c-0b0a-4909-8807-060504030201',
        }),
      }),
    );
    expect(String((refused.error as Error | undefined)?.message)).toContain('Resume rejected by --resume-drops-turn:');
    expect(prompts(await sdk.getSessionMessages(sessionId, { dir: scenario.cwd }))).toEqual([
      'Reply with exactly: one',
      'Reply with exactly: two',
    ]);
  });
});
