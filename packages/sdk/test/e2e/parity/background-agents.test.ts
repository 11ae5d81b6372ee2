/**
 * Parity with the official SDK on the real CLI: a subagent that works in the background (the
 * official SDKs' newest e2e tests, the Python SDK's issue #1190). The main agent starts it and ends
 * its turn with a `result`; the subagent finishes later and the CLI wakes the main agent for a
 * follow-up turn, which needs the SDK: a PreToolUse hook, `canUseTool`, an in-process tool. Both
 * SDKs keep the CLI's input open until the CLI reports it is idle, for a string prompt and for an
 * iterable that ends (the official 0.3.332's frames: packages/compat/recordings/0.3.332/background-agent.jsonl).
 *
 * Runs on the workspace's CLI, or on the one at HEXAGENT_E2E_CLI (the lowest supported:
 * `npm install @anthropic-ai/claude-code@2.1.197` in a temp dir). A CLI that reports no state
 * (2.1.197) gives the SDK nothing to wait on: both SDKs end its input at the first result, and the
 * follow-up turn's requests fail in the CLI ("Stream closed"), on both alike.
 */

import type { HookCallback, Options, SDKMessage, SDKUserMessage } from '@hexagent/sdk';
import * as hexagent from '@hexagent/sdk';
import {
  BACKGROUND_AGENT_CALL_ID,
  BACKGROUND_FOLLOW_UP_CALL_ID,
  backgroundAgentScript,
  watchingCliSpawner,
} from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { disposeScenarios, startScenario, userMessage } from './parity-kit.js';
import { CLI_PATH, type ParitySdk, SDKS } from './sdks.js';

afterEach(disposeScenarios);

const cliPath = process.env.HEXAGENT_E2E_CLI || CLI_PATH;
const PROMPT = 'Start a subagent in the background.';

/** One run of the story on `sdk`: what the app's callbacks got, what it saw, what the CLI wrote and the model received. */
async function runBackgroundStory(sdk: ParitySdk, prompt: 'string' | 'iterable') {
  const story = backgroundAgentScript();
  const scenario = await startScenario(story.script);
  const hooked: string[] = [];
  const asked: Array<{ name: string; input: Record<string, unknown> }> = [];
  const added: Array<{ a: number; b: number }> = [];
  const states: string[] = [];
  const add = sdk.tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
    added.push(args);
    return { content: [{ type: 'text', text: String(args.a + args.b) }] };
  });
  const preToolUse: HookCallback = async (input) => {
    hooked.push(String((input as { tool_name?: unknown }).tool_name));
    return { continue: true };
  };
  const options: Options = scenario.options({
    pathToClaudeCodeExecutable: cliPath,
    mcpServers: { calc: sdk.createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] }) },
    hooks: { PreToolUse: [{ hooks: [preToolUse] }] },
    canUseTool: async (name, input) => {
      asked.push({ name, input });
      return { behavior: 'allow', updatedInput: input };
    },
    spawnClaudeCodeProcess: watchingCliSpawner((message) => {
      if (message.subtype === 'session_state_changed') states.push(String(message.state));
    }),
  });
  const input: string | AsyncIterable<SDKUserMessage> =
    prompt === 'string'
      ? PROMPT
      : (async function* () {
          yield userMessage(PROMPT);
        })();
  const messages: SDKMessage[] = [];
  let error: unknown;
  try {
    for await (const message of sdk.query({ prompt: input, options })) {
      messages.push(message);
      if (message.type === 'result') story.releaseSubagent();
    }
  } catch (caught) {
    error = caught;
  }
  const followUpResult = scenario.server.toolResults().find((r) => r.tool_use_id === BACKGROUND_FOLLOW_UP_CALL_ID);
  return { story, messages, error, hooked, asked, added, states, followUpResult };
}

const results = (messages: SDKMessage[]) => messages.filter((m) => m.type === 'result');
const resultTexts = (messages: SDKMessage[]) => results(messages).map((m) => (m as { result?: unknown }).result);

describe.each(SDKS)('a background subagent on $name', (sdk) => {
  it.each([
    ['a string prompt', 'string'],
    ['an iterable prompt that ends', 'iterable'],
  ] as const)(
    'with %s: the follow-up turn after the result, served while the CLI reports its state',
    async (_, prompt) => {
      const run = await runBackgroundStory(sdk, prompt);
      // What the user saw: both turns' results, the iteration ending cleanly.
      expect(run.error).toBeUndefined();
      expect(resultTexts(run.messages)).toEqual([...run.story.resultTexts]);
      expect(results(run.messages).every((m) => m.type === 'result' && m.subtype === 'success')).toBe(true);
      const started = run.messages.find((m) => m.type === 'system' && m.subtype === 'task_started');
      expect(started).toMatchObject({ tool_use_id: BACKGROUND_AGENT_CALL_ID });
      if (!run.states.includes('idle')) {
        // A CLI that reports no state: the input ended at the first result, as the official SDK ends it.
        expect(run.states).toEqual([]);
        expect(run.hooked).toEqual(['Agent']);
        expect(run.asked).toEqual([]);
        expect(run.added).toEqual([]);
        expect(JSON.stringify(run.followUpResult?.content)).toContain('Stream closed');
        return;
      }
      // The follow-up turn reached the SDK: the hook, the permission prompt, the tool's handler.
      expect(run.states.at(-1)).toBe('idle');
      expect(run.hooked).toEqual(['Agent', 'mcp__calc__add']);
      expect(run.asked).toEqual([{ name: 'mcp__calc__add', input: { a: 15, b: 27 } }]);
      expect(run.added).toEqual([{ a: 15, b: 27 }]);
      // What the model received: the tool's answer, not a refusal or a closed stream.
      expect(run.followUpResult).toMatchObject({ content: [{ type: 'text', text: '42' }] });
      expect(run.followUpResult?.is_error).not.toBe(true);
      // Nothing reported as interrupted.
      expect(JSON.stringify(run.messages)).not.toMatch(/interrupted|Stream closed|doesn't want to take this action/);
    },
  );
});

describe('a background subagent with ClaudeClient (hexagent)', () => {
  it('the follow-up turn is served: the client keeps the input open until close(), on any CLI', async () => {
    const story = backgroundAgentScript();
    const scenario = await startScenario(story.script);
    const hooked: string[] = [];
    const asked: string[] = [];
    const added: Array<{ a: number; b: number }> = [];
    const add = hexagent.tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args) => {
      added.push(args);
      return { content: [{ type: 'text', text: String(args.a + args.b) }] };
    });
    const client = new hexagent.ClaudeClient(
      scenario.options({
        pathToClaudeCodeExecutable: cliPath,
        mcpServers: { calc: hexagent.createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] }) },
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
      }),
    );
    try {
      await client.connect();
      await client.query(PROMPT);
      const first: SDKMessage[] = [];
      for await (const message of client.receiveResponse()) first.push(message);
      story.releaseSubagent();
      const followUp: SDKMessage[] = [];
      for await (const message of client.receiveResponse()) followUp.push(message);
      expect(resultTexts(first)).toEqual([story.resultTexts[0]]);
      expect(resultTexts(followUp)).toEqual([story.resultTexts[1]]);
      expect(followUp.find((m) => m.type === 'system' && m.subtype === 'task_notification')).toBeDefined();
      expect(hooked).toEqual(['Agent', 'mcp__calc__add']);
      expect(asked).toEqual(['mcp__calc__add']);
      expect(added).toEqual([{ a: 15, b: 27 }]);
      const followUpResult = scenario.server.toolResults().find((r) => r.tool_use_id === BACKGROUND_FOLLOW_UP_CALL_ID);
      expect(followUpResult).toMatchObject({ content: [{ type: 'text', text: '42' }] });
    } finally {
      await client.close();
    }
  });
});
