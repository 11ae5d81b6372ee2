/**
 * Tracing a subagent that runs in the background, on the real CLI: the main agent starts it
 * (Agent, `run_in_background`), the subagent starts a command that is still running when the main
 * turn's result comes, and that command then succeeds. The command's span hangs off the Agent
 * call's span (not the turn) and ends OK when its result comes; the Agent call's span stays open
 * until the subagent's `task_notification`. The test moves on events only: the main agent answers
 * once the subagent's command has started, the command ends once the main turn has its result.
 * Then with hooks, `canUseTool` and an in-process tool: the subagent runs its command only after
 * the main turn's result and its completion wakes the main agent for a follow-up turn; the CLI's
 * input stays open until it is idle, so every hook, permission and tool span after the result ends
 * OK (with the input ended at the result they failed, or were never made).
 */

import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSdkMcpServer, query, type SDKMessage, tool } from '@hexagent/sdk';
import {
  BACKGROUND_AGENT_CALL_ID,
  BACKGROUND_FOLLOW_UP_CALL_ID,
  BACKGROUND_SUBAGENT_CALL_ID,
  backgroundAgentScript,
  type CliHarness,
  type RecordedRequest,
  startCliHarness,
  text,
  toolUse,
} from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const exporter = new InMemorySpanExporter();
let harness: CliHarness | undefined;
let dir: string;

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'hexagent-trace-bg-')));
});
afterAll(async () => {
  api.trace.disable();
  api.context.disable();
  await harness?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves when `resolve` is called: an event the scripted model or the test waits for. */
function event(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('tracing a background subagent through the real CLI', () => {
  it('hangs its tool spans off its Agent call, and does not mark a command that succeeded as unanswered', async () => {
    const go = join(dir, 'go');
    const commandStarted = event();
    let mainRequests = 0;
    harness = await startCliHarness(async (request: RecordedRequest) => {
      const first = request.body.messages?.find((message) => message.role === 'user');
      const isSubagent = JSON.stringify(first?.content ?? '').includes('SUB:');
      if (isSubagent) {
        const answered = JSON.stringify(request.body.messages ?? []).includes('"tool_result"');
        if (answered) return { content: [text('sub done')] };
        // Waits (at most a minute) for the test to say the main turn has its result.
        const command = `for i in $(seq 1 600); do [ -f '${go}' ] && break; sleep 0.1; done; echo finished`;
        return { content: [toolUse('Bash', { command, description: 'wait, then finish' }, 'toolu_cmd')] };
      }
      mainRequests += 1;
      if (mainRequests === 1) {
        const input = { description: 'in the background', prompt: 'SUB: run it', subagent_type: 'general-purpose' };
        return { content: [toolUse('Agent', { ...input, run_in_background: true }, 'toolu_agent')] };
      }
      // The main turn ends only once the subagent's command is running.
      if (mainRequests === 2) await commandStarted.promise;
      return { content: [text(`main ${mainRequests}`)] };
    });

    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'Start a subagent in the background.',
      options: { env: harness.env, cwd: dir, allowedTools: ['Agent', 'Bash'], tracer: true },
    })) {
      messages.push(message);
      const m = message as { type: string; parent_tool_use_id?: unknown; message?: { content?: unknown } };
      if (m.type === 'assistant' && m.parent_tool_use_id === 'toolu_agent' && JSON.stringify(m).includes('toolu_cmd')) {
        commandStarted.resolve();
      }
      if (m.type === 'result' && !existsSync(go)) writeFileSync(go, '');
    }
    const results = messages.filter((m) => m.type === 'result');
    expect(results.length).toBeGreaterThanOrEqual(1);
    expect(results[0]).toMatchObject({ subtype: 'success' });
    const started = messages.find((m) => m.type === 'system' && m.subtype === 'task_started');
    expect(started).toMatchObject({ tool_use_id: 'toolu_agent', is_backgrounded: true });
    const commandResult = messages.findIndex((m) => m.type === 'user' && JSON.stringify(m).includes('finished'));
    // The order that made the bug: the main turn's result before the command's result.
    expect(messages.findIndex((m) => m.type === 'result')).toBeLessThan(commandResult);

    const spans = exporter.getFinishedSpans();
    // No span failed: the command succeeded after its turn ended, and is not "unanswered".
    expect(spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => s.name)).toEqual([]);
    const byCall = (id: string) => spans.find((s) => s.attributes['gen_ai.tool.call.id'] === id);
    const turn = spans.find((s) => s.name === 'invoke_agent claude-code');
    const agent = byCall('toolu_agent');
    const command = byCall('toolu_cmd');
    expect(agent?.parentSpanContext?.spanId).toBe(turn?.spanContext().spanId);
    expect(command?.name).toBe('execute_tool Bash');
    expect(command?.parentSpanContext?.spanId).toBe(agent?.spanContext().spanId);
    expect(command?.status.code).toBe(api.SpanStatusCode.UNSET);
    expect(command?.attributes).toMatchObject({ 'hexagent.is_error': false });
    expect(agent?.attributes).toMatchObject({ 'hexagent.tool.background': true, 'hexagent.task.status': 'completed' });
  }, 120_000);

  it('with hooks, canUseTool and an in-process tool: the subagent’s and the follow-up turn’s spans end OK after the result', async () => {
    exporter.reset();
    const byCall = (id: string) =>
      exporter
        .getFinishedSpans()
        .find((s) => s.name.startsWith('execute_tool') && s.attributes['gen_ai.tool.call.id'] === id);
    const story = backgroundAgentScript({ subagentCommand: 'echo sub-ran' });
    await harness?.dispose();
    harness = await startCliHarness(story.script);
    const add = tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'Start a subagent in the background.',
      options: {
        env: harness.env,
        cwd: dir,
        mcpServers: { calc: createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] }) },
        hooks: { PreToolUse: [{ hooks: [async () => ({ continue: true })] }] },
        canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
        tracer: true,
      },
    })) {
      messages.push(message);
      if (message.type === 'result') story.releaseSubagent();
    }
    expect(messages.filter((m) => m.type === 'result').map((m) => (m as { result?: unknown }).result)).toEqual([
      ...story.resultTexts,
    ]);

    const spans = exporter.getFinishedSpans();
    // Every span ended, none failed ("unanswered" nor a refused hook or permission).
    expect(spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => s.name)).toEqual([]);
    const agent = byCall(BACKGROUND_AGENT_CALL_ID);
    const command = byCall(BACKGROUND_SUBAGENT_CALL_ID);
    const followUp = byCall(BACKGROUND_FOLLOW_UP_CALL_ID);
    expect(agent?.attributes).toMatchObject({ 'hexagent.tool.background': true, 'hexagent.task.status': 'completed' });
    expect(command?.name).toBe('execute_tool Bash');
    expect(command?.parentSpanContext?.spanId).toBe(agent?.spanContext().spanId);
    expect(command?.attributes).toMatchObject({ 'hexagent.is_error': false });
    expect(followUp?.name).toBe('execute_tool mcp__calc__add');
    expect(followUp?.attributes).toMatchObject({ 'hexagent.is_error': false });
    // The hooks after the result (the subagent's Bash, the follow-up's tool) and the follow-up's
    // permission prompt were answered, each in its span.
    const hooked = spans.filter((s) => s.name === 'hexagent.hook PreToolUse');
    expect(hooked.map((s) => s.attributes['gen_ai.tool.call.id']).sort()).toEqual(
      [BACKGROUND_AGENT_CALL_ID, BACKGROUND_FOLLOW_UP_CALL_ID, BACKGROUND_SUBAGENT_CALL_ID].sort(),
    );
    const permission = spans.find((s) => s.name === 'hexagent.permission');
    expect(permission?.attributes).toMatchObject({
      'gen_ai.tool.call.id': BACKGROUND_FOLLOW_UP_CALL_ID,
      'hexagent.permission.behavior': 'allow',
    });
  }, 120_000);
});
