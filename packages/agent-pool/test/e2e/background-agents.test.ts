/**
 * A subagent that works in the background, through the pool on the real CLI: the main agent ends
 * its turn with a `result`, the subagent finishes later and the CLI wakes the main agent for a
 * follow-up turn that needs the SDK (a PreToolUse hook, `canUseTool`, an in-process tool). A cold
 * query (`query()` underneath) and a query served as one turn of a recycled CLI both yield the
 * follow-up and end only once the CLI's run is over; the recycled CLI is reset after that, not at
 * the first result.
 */
import { createSdkMcpServer, type Options, type SDKMessage, tool } from '@hexagent/sdk';
import {
  BACKGROUND_FOLLOW_UP_CALL_ID,
  backgroundAgentScript,
  type CliHarness,
  collectSettled,
  type RecordedRequest,
  TestScope,
  text,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentPool } from '../../src/index.js';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

const PROMPT = 'Start a subagent in the background.';

/** The story's model, and a quick answer to a prompt that says `quick`. */
async function startStory() {
  const story = backgroundAgentScript();
  harness = await scope.startCliHarness((request: RecordedRequest, index) => {
    const said = JSON.stringify(request.body.messages ?? []);
    return said.includes('quick') ? { content: [text('quick answer')] } : story.script(request, index);
  });
  return story;
}

/** The profile: an in-process tool, a PreToolUse hook and canUseTool, each noting what it got. */
function profile(env: Record<string, string | undefined>) {
  const seen = { hooked: [] as string[], asked: [] as string[], added: [] as Array<{ a: number; b: number }> };
  const add = tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
    seen.added.push(args);
    return { content: [{ type: 'text', text: String(args.a + args.b) }] };
  });
  const options: Options = {
    env,
    mcpServers: { calc: createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] }) },
    hooks: {
      PreToolUse: [
        {
          hooks: [
            async (input) => {
              seen.hooked.push(String((input as { tool_name?: unknown }).tool_name));
              return { continue: true };
            },
          ],
        },
      ],
    },
    canUseTool: async (name, input) => {
      seen.asked.push(name);
      return { behavior: 'allow', updatedInput: input };
    },
  };
  return { options, seen };
}

/** Reads a pool query to its end, letting the subagent answer once its first result came. */
async function run(query: AsyncIterable<SDKMessage>, release: () => void) {
  return collectSettled({
    async *[Symbol.asyncIterator]() {
      for await (const message of query) {
        if (message.type === 'result') release();
        yield message;
      }
    },
  });
}

function expectFollowUpServed(
  settled: { messages: SDKMessage[]; error: unknown },
  seen: ReturnType<typeof profile>['seen'],
  story: ReturnType<typeof backgroundAgentScript>,
): void {
  expect(settled.error).toBeUndefined();
  const results = settled.messages.filter((m) => m.type === 'result');
  expect(results.map((m) => (m as { result?: unknown }).result)).toEqual([...story.resultTexts]);
  expect(seen.hooked).toEqual(['Agent', 'mcp__calc__add']);
  expect(seen.asked).toEqual(['mcp__calc__add']);
  expect(seen.added).toEqual([{ a: 15, b: 27 }]);
  const toolResult = harness?.server.toolResults().find((r) => r.tool_use_id === BACKGROUND_FOLLOW_UP_CALL_ID);
  expect(toolResult).toMatchObject({ content: [{ type: 'text', text: '42' }] });
}

describe('a background subagent through the pool', () => {
  it('a cold query yields the follow-up turn and its callbacks run', async () => {
    const story = await startStory();
    const { options, seen } = profile(harness?.env ?? {});
    const pool = createAgentPool({ options, spares: 0, maxConcurrent: 1, memoryBudgetMb: 3072 });
    try {
      expectFollowUpServed(await run(pool.query({ prompt: PROMPT }), story.releaseSubagent), seen, story);
    } finally {
      await pool.close({ deadlineMs: 5000 });
    }
  });

  it('a turn of a recycled CLI yields the follow-up turn, and the CLI is reset only after it', async () => {
    const story = await startStory();
    const { options, seen } = profile(harness?.env ?? {});
    const pool = createAgentPool({ options, spares: 1, recycle: true, maxConcurrent: 1, memoryBudgetMb: 3072 });
    try {
      await expect.poll(() => pool.stats().spares, { timeout: 60_000 }).toBe(1);
      expectFollowUpServed(await run(pool.query({ prompt: PROMPT }), story.releaseSubagent), seen, story);
      await expect.poll(() => pool.stats().recycled, { timeout: 30_000 }).toBe(1);
      const next = await collectSettled(pool.query({ prompt: 'quick' }));
      expect(next.error).toBeUndefined();
      expect(next.messages.at(-1)).toMatchObject({ type: 'result', result: 'quick answer' });
    } finally {
      await pool.close({ deadlineMs: 5000 });
    }
  });
});
