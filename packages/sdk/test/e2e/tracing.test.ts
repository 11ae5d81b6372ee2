/**
 * Tracing on the real CLI with the scripted model: a query with an in-process tool call and a
 * PreToolUse hook yields query → turn (CLIENT) → hook and tool spans, the turn carrying the result's
 * tokens (input with the cached ones) and cost, the tool named as the CLI names it on every span, and
 * a span started in the tool handler nests under the tool call's; `canUseTool` denying and allowing
 * gets permission spans, the CLI's own tools (Bash, Read) get tool spans from the messages, their
 * output kept out; tools that fail and a turn cut by `maxTurns` get error status and flags, a 50 KB
 * error output recorded (recordToolOutput) and cut to the bound.
 */

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOpenTelemetryTracer, createSdkMcpServer, query, ResultError, tool } from '@hexagent/sdk';
import { type CliHarness, collect, collectSettled, TestScope, text, toolUse } from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const exporter = new InMemorySpanExporter();
let harness: CliHarness | undefined;
const scope = new TestScope();

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  api.trace.disable();
  api.context.disable();
});
afterEach(async () => {
  await scope.cleanup();
  exporter.reset();
});

type FinishedSpan = ReturnType<InMemorySpanExporter['getFinishedSpans']>[number];

/** The one finished span named `name`. */
function named(name: string): FinishedSpan {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(found, name).toHaveLength(1);
  return found[0] as FinishedSpan;
}

const spanId = (span: FinishedSpan) => span.spanContext().spanId;
const ms = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;

/** The message of the `exception` event a failed span recorded. */
function exceptionMessage(span: FinishedSpan): unknown {
  return span.events.find((event) => event.name === 'exception')?.attributes?.['exception.message'];
}

describe('tracing through the real CLI', () => {
  it('yields the span tree of a query with a tool call and a hook, with tokens and cost from the result', async () => {
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) =>
          api.trace.getTracer('user').startActiveSpan('user.add', (span) => {
            span.end();
            return { content: [{ type: 'text' as const, text: String(a + b) }] };
          }),
        ),
      ],
    });
    const billed = {
      input_tokens: 30,
      output_tokens: 5,
      cache_read_input_tokens: 400,
      cache_creation_input_tokens: 20,
    };
    harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')], usage: billed },
      { content: [text('the answer is 42')], usage: billed },
    ]);
    const messages = await collect(
      query({
        prompt: 'What is 15 + 27?',
        options: {
          env: harness.env,
          mcpServers: { calc },
          allowedTools: ['mcp__calc__add'],
          hooks: { PreToolUse: [{ matcher: 'mcp__calc__add', hooks: [async () => ({ continue: true })] }] },
          // hexagent's spans to the registered provider: asked for, as the official SDK sends none.
          tracer: true,
        },
      }),
    );
    const result = messages.find((m) => m.type === 'result') as Record<string, unknown> | undefined;
    expect(result?.subtype).toBe('success');
    const usage = result?.usage as Record<string, number>;

    const spans = exporter.getFinishedSpans();
    const root = named('hexagent.query');
    const turn = named('invoke_agent claude-code');
    const tool_ = named('execute_tool mcp__calc__add');
    const hook = named('hexagent.hook PreToolUse');
    const user = named('user.add');
    const id = spanId;
    expect(root.parentSpanContext).toBeUndefined();
    expect(turn.parentSpanContext?.spanId).toBe(id(root));
    expect(tool_.parentSpanContext?.spanId).toBe(id(turn));
    expect(hook.parentSpanContext?.spanId).toBe(id(turn));
    expect(user.parentSpanContext?.spanId).toBe(id(tool_));
    expect(named('hexagent.control initialize').parentSpanContext?.spanId).toBe(id(root));
    expect(turn.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': result?.session_id,
      // Input with the cached tokens, as the GenAI conventions count it for Anthropic.
      'gen_ai.usage.input_tokens': 2 * (30 + 400 + 20),
      'gen_ai.usage.output_tokens': usage.output_tokens,
      'gen_ai.usage.cache_read.input_tokens': usage.cache_read_input_tokens,
      'gen_ai.usage.cache_creation.input_tokens': usage.cache_creation_input_tokens,
      'hexagent.cost_usd': result?.total_cost_usd,
      'hexagent.duration_ms': result?.duration_ms,
      'hexagent.num_turns': result?.num_turns,
      'hexagent.is_error': false,
    });
    expect(usage.input_tokens).toBe(2 * 30);
    expect(usage.cache_read_input_tokens).toBe(2 * 400);
    expect(typeof turn.attributes['gen_ai.request.model']).toBe('string');
    expect(usage.output_tokens).toBeGreaterThan(0);
    expect(result?.total_cost_usd).toBeGreaterThan(0);
    // The turn is a call to an agent in another process: CLIENT.
    expect(spans.filter((s) => s.kind === api.SpanKind.CLIENT)).toEqual([turn]);
    // One name for the tool on its tool, hook and permission spans: the one the model and the CLI use.
    expect(hook.attributes['gen_ai.tool.name']).toBe('mcp__calc__add');
    expect(tool_.attributes).toMatchObject({
      'gen_ai.tool.name': 'mcp__calc__add',
      'hexagent.mcp.tool': 'add',
      'gen_ai.tool.call.id': 'toolu_add',
      'hexagent.mcp.server': 'calc',
    });
    expect(hook.attributes).toMatchObject({ 'hexagent.hook.event': 'PreToolUse', 'gen_ai.tool.call.id': 'toolu_add' });
    expect(spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => s.name)).toEqual([]);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it('gives canUseTool a permission span per decision, and the CLI’s own tools spans from tool_use to tool_result', async () => {
    const cwd = scope.tempDir('hexagent-tracing-');
    writeFileSync(join(cwd, 'notes.txt'), 'hello');
    harness = await scope.startCliHarness([
      { content: [toolUse('Bash', { command: 'touch denied.txt', description: 'create a file' }, 'toolu_deny')] },
      { content: [toolUse('Bash', { command: 'touch allowed.txt', description: 'create a file' }, 'toolu_allow')] },
      { content: [toolUse('Read', { file_path: join(cwd, 'notes.txt') }, 'toolu_read')] },
      { content: [text('done')] },
    ]);
    const asked: string[] = [];
    const messages = await collect(
      query({
        prompt: 'Create two files and read the notes.',
        options: {
          env: harness.env,
          cwd,
          tracer: true,
          canUseTool: async (toolName, input, { toolUseID }) => {
            asked.push(`${toolName} ${toolUseID}`);
            return toolUseID === 'toolu_deny'
              ? { behavior: 'deny', message: 'not this one' }
              : { behavior: 'allow', updatedInput: input };
          },
        },
      }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(asked).toEqual(['Bash toolu_deny', 'Bash toolu_allow']);
    expect(existsSync(join(cwd, 'denied.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'allowed.txt'))).toBe(true);

    const spans = exporter.getFinishedSpans();
    const turn = named('invoke_agent claude-code');
    const permissions = spans.filter((s) => s.name === 'hexagent.permission');
    expect(permissions.map((s) => s.attributes)).toEqual([
      expect.objectContaining({
        'gen_ai.tool.name': 'Bash',
        'gen_ai.tool.call.id': 'toolu_deny',
        'hexagent.permission.behavior': 'deny',
      }),
      expect.objectContaining({
        'gen_ai.tool.name': 'Bash',
        'gen_ai.tool.call.id': 'toolu_allow',
        'hexagent.permission.behavior': 'allow',
      }),
    ]);
    // A deny is a decision, not a failure of the callback.
    for (const span of permissions) {
      expect(span.parentSpanContext?.spanId).toBe(spanId(turn));
      expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
    }

    const tools = spans.filter((s) => s.name.startsWith('execute_tool'));
    const byCall = (id: string) => tools.find((s) => s.attributes['gen_ai.tool.call.id'] === id) as FinishedSpan;
    expect(tools.map((s) => s.name).sort()).toEqual(['execute_tool Bash', 'execute_tool Bash', 'execute_tool Read']);
    for (const span of tools) {
      expect(span.parentSpanContext?.spanId).toBe(spanId(turn));
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.type': 'function',
      });
    }
    const denied = byCall('toolu_deny');
    expect(denied.attributes).toMatchObject({
      'gen_ai.tool.name': 'Bash',
      'hexagent.is_error': true,
      'error.type': 'tool_error',
    });
    expect(denied.status.code).toBe(api.SpanStatusCode.ERROR);
    // The tool's output (here the denial the CLI reported) stays out of the span by default.
    expect(JSON.stringify([denied.status, denied.attributes, denied.events])).not.toContain('not this one');
    expect(byCall('toolu_allow').attributes).toMatchObject({ 'hexagent.is_error': false });
    expect(byCall('toolu_read').attributes).toMatchObject({ 'gen_ai.tool.name': 'Read', 'hexagent.is_error': false });
    // The permission callback ran inside its tool call: the span runs from tool_use to tool_result.
    for (const [permission, id] of [
      [permissions[0], 'toolu_deny'],
      [permissions[1], 'toolu_allow'],
    ] as const) {
      const call = byCall(id);
      expect(ms(permission?.startTime as [number, number])).toBeGreaterThanOrEqual(ms(call.startTime));
      expect(ms(permission?.endTime as [number, number])).toBeLessThanOrEqual(ms(call.endTime));
    }
    expect(spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => s.name)).toEqual([
      'execute_tool Bash',
    ]);
  });

  it('fails the spans of a tool that returns isError, of one that throws, and of a turn cut by maxTurns', async () => {
    // A 50 KB error output, recorded because the tracer asks for tool output, and cut to a bound.
    const long = `Division by zero: ${'x'.repeat(50_000)}`;
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('divide', 'Divide a by b', { a: z.number(), b: z.number() }, async ({ a, b }) =>
          b === 0
            ? { content: [{ type: 'text' as const, text: long }], isError: true }
            : { content: [{ type: 'text' as const, text: String(a / b) }] },
        ),
        tool('explode', 'Always throws', {}, async () => {
          throw new Error('kaput');
        }),
      ],
    });
    harness = await scope.startCliHarness([
      {
        content: [
          toolUse('mcp__calc__divide', { a: 1, b: 0 }, 'toolu_div'),
          toolUse('mcp__calc__explode', {}, 'toolu_boom'),
        ],
      },
      { content: [text('never asked: maxTurns ends the turn first')] },
    ]);
    const { messages, error } = await collectSettled(
      query({
        prompt: 'Divide 1 by 0, then explode.',
        options: {
          env: harness.env,
          mcpServers: { calc },
          allowedTools: ['mcp__calc__divide', 'mcp__calc__explode'],
          maxTurns: 1,
          tracer: createOpenTelemetryTracer(api, { recordToolOutput: true }),
        },
      }),
    );
    const result = messages.find((m) => m.type === 'result') as Record<string, unknown> | undefined;
    expect(result).toMatchObject({ subtype: 'error_max_turns', is_error: true });
    expect(ResultError.isInstance(error)).toBe(true);

    const divide = named('execute_tool mcp__calc__divide');
    const explode = named('execute_tool mcp__calc__explode');
    const turn = named('invoke_agent claude-code');
    const root = named('hexagent.query');
    expect(divide.attributes).toMatchObject({ 'hexagent.is_error': true, 'error.type': 'tool_error' });
    const bounded = `${long.slice(0, 1024)}… [truncated: ${long.length} characters in all]`;
    expect(divide.status).toMatchObject({ code: api.SpanStatusCode.ERROR, message: bounded });
    expect(exceptionMessage(divide)).toBe(bounded);
    expect(divide.attributes['gen_ai.tool.call.result']).toBe(bounded);
    expect(JSON.stringify([divide.status, divide.attributes, divide.events]).length).toBeLessThan(8_000);
    expect(explode.attributes).toMatchObject({ 'hexagent.is_error': true, 'error.type': 'tool_error' });
    expect(explode.status.code).toBe(api.SpanStatusCode.ERROR);
    expect(String(exceptionMessage(explode))).toContain('kaput');
    expect(turn.attributes).toMatchObject({
      'hexagent.is_error': true,
      'hexagent.result.subtype': 'error_max_turns',
      'error.type': 'error_max_turns',
    });
    expect(turn.status.code).toBe(api.SpanStatusCode.ERROR);
    // The query itself ended as it should: an error result is the turn's failure, not the session's.
    expect(root.status.code).toBe(api.SpanStatusCode.UNSET);
    // In-process tools get their span from tools/call only, not a second one from the messages.
    expect(exporter.getFinishedSpans().filter((s) => s.name.startsWith('execute_tool'))).toHaveLength(2);
  });

  it("a user's tracer: an in-process call canUseTool refuses gets a failed tool span, one that throws fails its span with the exception", async () => {
    const userExporter = new InMemorySpanExporter();
    const userProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(userExporter)] });
    const ran: string[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          ran.push('add');
          return { content: [{ type: 'text' as const, text: String(a + b) }] };
        }),
        tool('explode', 'Always throws', {}, async () => {
          ran.push('explode');
          throw new Error('kaput');
        }),
      ],
    });
    harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_refused')] },
      { content: [toolUse('mcp__calc__explode', {}, 'toolu_boom')] },
      { content: [text('done')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'Add, then explode.',
        options: {
          env: harness.env,
          mcpServers: { calc },
          canUseTool: async (toolName, input) =>
            toolName === 'mcp__calc__add'
              ? { behavior: 'deny', message: 'not now' }
              : { behavior: 'allow', updatedInput: input },
          tracer: createOpenTelemetryTracer(api, { tracer: userProvider.getTracer('mine') }),
        },
      }),
    );
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(ran).toEqual(['explode']);
    const spans = userExporter.getFinishedSpans();
    const turn = spans.find((s) => s.name === 'invoke_agent claude-code') as FinishedSpan;
    const call = (id: string) =>
      spans.filter((s) => s.attributes['gen_ai.tool.call.id'] === id && s.name.startsWith('execute_tool'));
    const [refused, ...moreRefused] = call('toolu_refused');
    expect(moreRefused).toEqual([]);
    expect(refused?.name).toBe('execute_tool mcp__calc__add');
    expect(refused?.parentSpanContext?.spanId).toBe(spanId(turn));
    expect(refused?.attributes).toMatchObject({
      'gen_ai.tool.type': 'extension',
      'hexagent.mcp.server': 'calc',
      'hexagent.is_error': true,
      'error.type': 'tool_error',
    });
    expect(refused?.status.code).toBe(api.SpanStatusCode.ERROR);
    expect(refused?.events.map((event) => event.name)).toEqual(['exception']);
    const [boom, ...moreBoom] = call('toolu_boom');
    expect(moreBoom).toEqual([]);
    expect(boom?.attributes).toMatchObject({ 'hexagent.is_error': true, 'error.type': 'tool_error' });
    expect(boom?.status.code).toBe(api.SpanStatusCode.ERROR);
    expect(boom?.events.map((event) => event.name)).toEqual(['exception']);
    // The output (the refusal's message, the exception's) stays out without recordToolOutput.
    expect(JSON.stringify(spans.map((s) => [s.status, s.attributes, s.events]))).not.toMatch(/not now|kaput/);
  });
});
