import {
  createSdkMcpServer,
  deleteSession,
  forkSession,
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  listSessions,
  listSubagents,
  query,
  renameSession,
  SessionNotFoundError,
  tagSession,
  tool,
} from '@hexagent/sdk';
import { byPrompt, type CliHarness, collect, results, TestScope, text, toolUse } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let harness: CliHarness;
const scope = new TestScope();
let cwd: string;
let toolSession: string;
let agentSession: string;

const calc = createSdkMcpServer({
  name: 'calc',
  tools: [
    tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    })),
  ],
});

async function run(prompt: string, resume?: string): Promise<string> {
  const messages = await collect(
    query({
      prompt,
      options: {
        env: harness.env,
        cwd,
        mcpServers: { calc },
        allowedTools: ['mcp__calc__add'],
        ...(resume !== undefined && { resume }),
      },
    }),
  );
  return String(results(messages).at(-1)?.session_id);
}

beforeAll(async () => {
  harness = await scope.startCliHarness(
    byPrompt({
      FIRST: { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')] },
      'tool_result:add': { content: [text('sum is 42')] },
      SECOND: { content: [text('second answer')] },
      DELEGATE: {
        content: [
          toolUse(
            'Agent',
            { description: 'sub task', prompt: 'SUBTASK: reply sub done', subagent_type: 'general-purpose' },
            'toolu_agent',
          ),
        ],
      },
      SUBTASK: { content: [text('sub done')] },
      'tool_result:agent': { content: [text('delegated done')] },
      THIRD: { content: [text('third answer')] },
    }),
  );
  cwd = scope.tempDir('hexagent-sessfn-cwd-');
  vi.stubEnv('CLAUDE_CONFIG_DIR', harness.configDir);
  toolSession = await run('FIRST add 15 and 27');
  await run('SECOND what next', toolSession);
  agentSession = await run('DELEGATE this please');
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await scope.cleanup();
});

describe('session functions on what the real CLI wrote', () => {
  it('lists the sessions of the project with their prompts and reads the turns', async () => {
    const sessions = await listSessions({ dir: cwd });
    expect(sessions.map((s) => s.sessionId).sort()).toEqual([toolSession, agentSession].sort());
    expect(sessions.find((s) => s.sessionId === toolSession)).toMatchObject({
      firstPrompt: 'FIRST add 15 and 27',
      summary: 'SECOND what next',
      cwd,
    });
    expect(await getSessionInfo(toolSession, { dir: cwd })).toEqual(sessions.find((s) => s.sessionId === toolSession));
    const messages = await getSessionMessages(toolSession, { dir: cwd });
    const texts = messages.map((m) => `${m.type}:${JSON.stringify((m.message as { content: unknown }).content)}`);
    expect(texts).toHaveLength(6);
    expect(texts[0]).toContain('FIRST add 15 and 27');
    expect(texts[1]).toContain('toolu_add');
    expect(texts[2]).toContain('"tool_result"');
    expect(texts[3]).toContain('sum is 42');
    expect(texts[4]).toContain('SECOND what next');
    expect(texts[5]).toContain('second answer');
  });

  it('finds the sub-agent and its conversation', async () => {
    const [agentId, ...more] = await listSubagents(agentSession, { dir: cwd });
    expect(more).toEqual([]);
    const messages = await getSubagentMessages(agentSession, agentId as string, { dir: cwd });
    expect(messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(messages[1]?.message)).toContain('sub done');
    expect(messages[0]?.parent_tool_use_id).toBe('toolu_agent');
  });

  it('forks a session the CLI resumes with the earlier turns', async () => {
    const { sessionId } = await forkSession(toolSession, { dir: cwd });
    expect((await getSessionInfo(sessionId, { dir: cwd }))?.summary).toBe('FIRST add 15 and 27 (fork)');
    const before = harness.server.messageRequests.length;
    await run('THIRD and now?', sessionId);
    const sent = JSON.stringify(harness.server.messageRequests.slice(before).map((r) => r.body.messages));
    expect(sent).toContain('FIRST add 15 and 27');
    expect(sent).toContain('sum is 42');
    expect(sent).toContain('second answer');
    expect(sent).toContain('THIRD and now?');
  });

  it('shows a rename and a tag in the list, and deletes', async () => {
    await renameSession(agentSession, 'Delegation', { dir: cwd });
    await tagSession(agentSession, 'agents', { dir: cwd });
    expect((await listSessions({ dir: cwd })).find((s) => s.sessionId === agentSession)).toMatchObject({
      summary: 'Delegation',
      customTitle: 'Delegation',
      tag: 'agents',
    });
    await deleteSession(agentSession, { dir: cwd });
    expect(await getSessionInfo(agentSession, { dir: cwd })).toBeUndefined();
    expect(await listSubagents(agentSession, { dir: cwd })).toEqual([]);
    await expect(deleteSession(agentSession, { dir: cwd })).rejects.toSatisfy(SessionNotFoundError.isInstance);
  });
});
