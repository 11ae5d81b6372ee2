/**
 * A queued run whose subagent works in the background, on the real CLI with the scripted model:
 * the main agent's first `result` is not the run's end; the subagent's completion wakes it for a
 * follow-up turn that needs the worker (a PreToolUse hook, `canUseTool`, the registered in-process
 * tool). The job completes with the follow-up's answer, and every callback of the follow-up ran.
 * The subagent answers once the CLI has written the main turn's result (seen through a watching
 * `spawnClaudeCodeProcess`, as no app code sees a worker's messages).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import {
  BACKGROUND_FOLLOW_UP_CALL_ID,
  backgroundAgentScript,
  hermeticCliEnv,
  ScriptedModelServer,
  watchingCliSpawner,
} from '@hexagent/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createAgentWorker, enqueueAgentRun, pgBossQueue } from '../../src/index.js';

const connectionString = inject('postgresUrl');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a queued run with a background subagent', () => {
  it('completes with the follow-up turn’s answer; the worker’s hook, canUseTool and tool served it', async () => {
    const story = backgroundAgentScript();
    const server = await ScriptedModelServer.start(story.script);
    cleanups.push(() => server.close());
    const hermetic = await hermeticCliEnv({ baseUrl: server.url });
    cleanups.push(hermetic.cleanup);
    const cwd = mkdtempSync(join(tmpdir(), 'hexagent-queue-bg-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const hooked: string[] = [];
    const asked: string[] = [];
    const added: Array<{ a: number; b: number }> = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
          added.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const queue = pgBossQueue({ connectionString, name: `background-${Date.now()}` });
    cleanups.push(() => queue.close());
    const worker = createAgentWorker({
      queue,
      servers: { calc },
      pollIntervalMs: 100,
      options: {
        env: hermetic.env,
        cwd,
        hooks: {
          PreToolUse: [
            {
              hooks: [
                async (input) => {
                  hooked.push(String((input as { tool_name?: unknown }).tool_name));
                  return { continue: true };
                },
              ],
            },
          ],
        },
        canUseTool: async (name, input) => {
          asked.push(name);
          return { behavior: 'allow', updatedInput: input };
        },
        spawnClaudeCodeProcess: watchingCliSpawner((message) => {
          if (message.type === 'result') story.releaseSubagent();
        }),
      },
    });
    cleanups.push(() => worker.close());
    const run = await enqueueAgentRun(queue, {
      prompt: 'Start a subagent in the background.',
      options: { mcpServers: ['calc'] },
    });
    const output = await run.result({ pollMs: 100 });
    // What the user gets: the follow-up turn's answer, not the first result's.
    expect(output.text).toBe(story.resultTexts[1]);
    expect(hooked).toEqual(['Agent', 'mcp__calc__add']);
    expect(asked).toEqual(['mcp__calc__add']);
    expect(added).toEqual([{ a: 15, b: 27 }]);
    // What the model received: the tool's answer.
    const toolResult = server.toolResults().find((r) => r.tool_use_id === BACKGROUND_FOLLOW_UP_CALL_ID);
    expect(toolResult).toMatchObject({ content: [{ type: 'text', text: '42' }] });
  }, 120_000);
});
