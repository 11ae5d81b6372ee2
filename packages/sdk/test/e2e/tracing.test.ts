/**
 * Tracing on the real CLI with the scripted model: a query with an in-process tool call and a
 * PreToolUse hook yields query → turn → hook and tool spans, the turn carrying the result's tokens
 * and cost, and a span started in the tool handler nests under the tool call's.
 */

import { createSdkMcpServer, query, tool } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect, type E2eHarness, startHarness } from './harness.js';

const exporter = new InMemorySpanExporter();
let harness: E2eHarness | undefined;

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  api.trace.disable();
  api.context.disable();
});
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  exporter.reset();
});

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
    harness = await startHarness([
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')] },
      { content: [text('the answer is 42')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'What is 15 + 27?',
        options: {
          env: harness.env,
          mcpServers: { calc },
          allowedTools: ['mcp__calc__add'],
          hooks: { PreToolUse: [{ matcher: 'mcp__calc__add', hooks: [async () => ({ continue: true })] }] },
        },
      }),
    );
    const result = messages.find((m) => m.type === 'result') as Record<string, unknown> | undefined;
    expect(result?.subtype).toBe('success');
    const usage = result?.usage as Record<string, number>;

    const spans = exporter.getFinishedSpans();
    const named = (name: string) => {
      const found = spans.filter((s) => s.name === name);
      expect(found, name).toHaveLength(1);
      return found[0] as (typeof spans)[number];
    };
    const root = named('hexagent.query');
    const turn = named('invoke_agent claude-code');
    const tool_ = named('execute_tool add');
    const hook = named('hexagent.hook PreToolUse');
    const user = named('user.add');
    const id = (s: typeof root) => s.spanContext().spanId;
    expect(root.parentSpanContext).toBeUndefined();
    expect(turn.parentSpanContext?.spanId).toBe(id(root));
    expect(tool_.parentSpanContext?.spanId).toBe(id(turn));
    expect(hook.parentSpanContext?.spanId).toBe(id(turn));
    expect(user.parentSpanContext?.spanId).toBe(id(tool_));
    expect(named('hexagent.control initialize').parentSpanContext?.spanId).toBe(id(root));
    expect(turn.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': result?.session_id,
      'gen_ai.usage.input_tokens': usage.input_tokens,
      'gen_ai.usage.output_tokens': usage.output_tokens,
      'gen_ai.usage.cache_read.input_tokens': usage.cache_read_input_tokens,
      'gen_ai.usage.cache_creation.input_tokens': usage.cache_creation_input_tokens,
      'hexagent.cost_usd': result?.total_cost_usd,
      'hexagent.duration_ms': result?.duration_ms,
      'hexagent.num_turns': result?.num_turns,
      'hexagent.is_error': false,
    });
    expect(typeof turn.attributes['gen_ai.request.model']).toBe('string');
    expect(usage.output_tokens).toBeGreaterThan(0);
    expect(result?.total_cost_usd).toBeGreaterThan(0);
    expect(tool_.attributes).toMatchObject({
      'gen_ai.tool.name': 'add',
      'gen_ai.tool.call.id': 'toolu_add',
      'hexagent.mcp.server': 'calc',
    });
    expect(hook.attributes).toMatchObject({ 'hexagent.hook.event': 'PreToolUse', 'gen_ai.tool.call.id': 'toolu_add' });
    expect(spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => s.name)).toEqual([]);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });
});
