/**
 * Tracing through @opentelemetry/api with the SDK's in-memory exporter, on the fake CLI: the span
 * tree, its attributes, failures, a user's span inside a tool handler, the CLI's own tool calls read
 * from the messages, and no span without a provider.
 */

import { FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaudeClient } from '../../src/claude-client.js';
import { createContainer } from '../../src/container.js';
import { createSdkMcpServer, type Options, query, TRACER, tool } from '../../src/index.js';

/** What a failed tool call's span says when its output is not recorded (core's wording). */
const TOOL_OUTPUT_NOT_RECORDED = 'The tool returned an error (its output is not recorded without recordToolOutput)';

import { createOpenTelemetryTracer, globalOpenTelemetryTracer } from '@hexagent/compose';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  api.context.setGlobalContextManager(contextManager.enable());
  api.trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  api.trace.disable();
  api.context.disable();
});
afterEach(() => exporter.reset());

const SESSION = 'sess-otel';
const result = (extra: Record<string, unknown> = {}) =>
  resultMessage({
    session_id: SESSION,
    result: '42',
    num_turns: 2,
    duration_ms: 120,
    duration_api_ms: 80,
    total_cost_usd: 0.0123,
    usage: { input_tokens: 20, output_tokens: 10, cache_read_input_tokens: 3, cache_creation_input_tokens: 4 },
    ...extra,
  });
const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());

const calc = () =>
  createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) =>
        api.trace.getTracer('user').startActiveSpan('user.add', (span) => {
          span.end();
          return { content: [{ type: 'text' as const, text: String(a + b) }] };
        }),
      ),
      tool('boom', 'Fails', {}, async () => {
        throw new Error('kaput');
      }),
    ],
  });

/** Options that leave `tracer` out, over runTurn's default `tracer: true`. */
const UNASKED = { tracer: undefined } as unknown as Options;

/**
 * Runs one turn on the fake CLI: init, a hook, a permission prompt, tool calls, the result. Spans go
 * to the registered provider (`tracer: true`) unless `options` says otherwise.
 */
async function runTurn(options: Options, tools: string[] = ['add']): Promise<void> {
  const fake = new FakeCliTransport({ autoInitialize: true });
  const container = wiring.containerWith(fake);
  const run = query(
    {
      prompt: 'add',
      options: {
        mcpServers: { calc: calc() },
        canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
        hooks: { PreToolUse: [{ hooks: [async () => ({ continue: true })] }] },
        tracer: true,
        ...options,
      },
    },
    container,
  );
  const init = (await fake.waitForControlRequest('initialize')).request;
  await run.initializationResult();
  const hookId = (init.hooks as { PreToolUse: Array<{ hookCallbackIds: string[] }> }).PreToolUse[0]?.hookCallbackIds[0];
  fake.emit({ type: 'system', subtype: 'init', session_id: SESSION, model: 'claude-test' });
  await fake.emitControlRequest('hook_callback', {
    callback_id: hookId,
    input: { hook_event_name: 'PreToolUse', tool_name: 'mcp__calc__add' },
    tool_use_id: 'toolu_1',
  });
  await fake.emitControlRequest('can_use_tool', { tool_name: 'mcp__calc__add', input: {}, tool_use_id: 'toolu_1' });
  for (const [index, name] of tools.entries()) {
    await fake.emitControlRequest('mcp_message', {
      server_name: 'calc',
      message: {
        jsonrpc: '2.0',
        id: index + 2,
        method: 'tools/call',
        params: { name, arguments: { a: 15, b: 27 }, _meta: { 'claudecode/toolUseId': `toolu_${index + 1}` } },
      },
    });
  }
  fake.emit(result());
  fake.finish();
  for await (const _ of run) {
    // drain
  }
}

const byName = (spans: ReadableSpan[], name: string): ReadableSpan => {
  const found = spans.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no span ${name} in ${spans.map((s) => s.name).join(', ')}`);
  return found;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('tracing with OpenTelemetry', () => {
  it('yields query → turn → tool, hook and permission spans, with the result on the turn', async () => {
    await runTurn({});
    const spans = exporter.getFinishedSpans();
    const query = byName(spans, 'hexagent.query');
    const turn = byName(spans, 'invoke_agent claude-code');
    const tool = byName(spans, 'execute_tool mcp__calc__add');
    const user = byName(spans, 'user.add');
    expect(parentOf(turn)).toBe(query.spanContext().spanId);
    for (const name of ['execute_tool mcp__calc__add', 'hexagent.hook PreToolUse', 'hexagent.permission']) {
      expect(parentOf(byName(spans, name))).toBe(turn.spanContext().spanId);
    }
    expect(parentOf(user)).toBe(tool.spanContext().spanId);
    expect(parentOf(byName(spans, 'hexagent.control initialize'))).toBe(query.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(turn.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.conversation.id': SESSION,
      'gen_ai.request.model': 'claude-test',
      'gen_ai.usage.input_tokens': 20 + 3 + 4,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.usage.cache_read.input_tokens': 3,
      'gen_ai.usage.cache_creation.input_tokens': 4,
      'gen_ai.response.finish_reasons': ['end_turn'],
      'hexagent.cost_usd': 0.0123,
      'hexagent.duration_ms': 120,
      'hexagent.stop_reason': 'end_turn',
    });
    expect(tool.attributes).toMatchObject({
      'gen_ai.tool.name': 'mcp__calc__add',
      'hexagent.mcp.tool': 'add',
      'gen_ai.tool.call.id': 'toolu_1',
      'hexagent.mcp.server': 'calc',
    });
    expect(query.attributes).toMatchObject({ 'gen_ai.conversation.id': SESSION, 'hexagent.turns': 1 });
    expect(
      spans.filter((s) => s.status.code === api.SpanStatusCode.ERROR).map((s) => [s.name, s.status.message]),
    ).toEqual([]);
  });

  it('marks a failing tool call ERROR with the exception recorded, its output only with recordToolOutput', async () => {
    await runTurn({}, ['boom']);
    const boom = byName(exporter.getFinishedSpans(), 'execute_tool mcp__calc__boom');
    expect(boom.status).toMatchObject({ code: api.SpanStatusCode.ERROR, message: TOOL_OUTPUT_NOT_RECORDED });
    expect(boom.attributes['error.type']).toBe('tool_error');
    expect(boom.events.map((e) => e.name)).toEqual(['exception']);
    expect(JSON.stringify([boom.attributes, boom.events])).not.toContain('kaput');
    exporter.reset();

    await runTurn({ tracer: createOpenTelemetryTracer(api, { recordToolOutput: true }) }, ['boom']);
    const recorded = byName(exporter.getFinishedSpans(), 'execute_tool mcp__calc__boom');
    expect(recorded.status.message).toContain('kaput');
    expect(recorded.attributes['gen_ai.tool.call.result']).toContain('kaput');
  });

  it('makes the turn a CLIENT span (the agent runs in the CLI), the others INTERNAL', async () => {
    await runTurn({});
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((s) => s.kind === api.SpanKind.CLIENT).map((s) => s.name)).toEqual([
      'invoke_agent claude-code',
    ]);
    expect(byName(spans, 'hexagent.query').kind).toBe(api.SpanKind.INTERNAL);
  });

  it('gives the CLI’s own tool calls spans from tool_use to tool_result, failed on is_error', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const container = wiring.containerWith(fake);
    const run = query({ prompt: 'look', options: { mcpServers: { calc: calc() }, tracer: true } }, container);
    await run.initializationResult();
    const toolUse = (id: string, name: string) => ({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input: {} }] },
      parent_tool_use_id: null,
      session_id: SESSION,
    });
    const toolResult = (id: string, content: string, isError: boolean) => ({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
      parent_tool_use_id: null,
      session_id: SESSION,
    });
    fake.emit(toolUse('toolu_ls', 'Bash'));
    fake.emit(toolUse('toolu_add', 'mcp__calc__add'));
    fake.emit(toolResult('toolu_ls', 'a.txt', false));
    fake.emit(toolUse('toolu_cat', 'Read'));
    fake.emit(toolResult('toolu_cat', 'File does not exist.', true));
    fake.emit(result());
    fake.finish();
    for await (const _ of run) {
      // drain
    }
    const spans = exporter.getFinishedSpans();
    const turn = byName(spans, 'invoke_agent claude-code');
    const bash = byName(spans, 'execute_tool Bash');
    const read = byName(spans, 'execute_tool Read');
    expect(spans.filter((s) => s.name.startsWith('execute_tool')).map((s) => s.name)).toEqual([
      'execute_tool Bash',
      'execute_tool Read',
      'execute_tool mcp__calc__add',
    ]);
    // The in-process call neither reached its handler nor got a tool_result before the turn's end.
    expect(byName(spans, 'execute_tool mcp__calc__add').attributes).toMatchObject({ 'error.type': 'unanswered' });
    expect([parentOf(bash), parentOf(read)]).toEqual([turn.spanContext().spanId, turn.spanContext().spanId]);
    expect(bash.attributes).toMatchObject({
      'gen_ai.tool.name': 'Bash',
      'gen_ai.tool.call.id': 'toolu_ls',
      'gen_ai.tool.type': 'function',
      'hexagent.is_error': false,
    });
    expect(bash.status.code).toBe(api.SpanStatusCode.UNSET);
    expect(read.attributes).toMatchObject({ 'hexagent.is_error': true, 'error.type': 'tool_error' });
    expect(read.status).toMatchObject({ code: api.SpanStatusCode.ERROR, message: TOOL_OUTPUT_NOT_RECORDED });
  });

  it('makes the query a child of the span active when query() is called', async () => {
    await api.trace.getTracer('app').startActiveSpan('app.request', async (span) => {
      await runTurn({});
      span.end();
    });
    const spans = exporter.getFinishedSpans();
    expect(parentOf(byName(spans, 'hexagent.query'))).toBe(byName(spans, 'app.request').spanContext().spanId);
  });

  it('sends no span unasked, as the official SDK sends none: a registered provider gets them with tracer: true or HEXAGENT_TRACING=1', async () => {
    await runTurn(UNASKED);
    // The handler's own span goes to the provider; hexagent's do not.
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['user.add']);
    exporter.reset();
    process.env.HEXAGENT_TRACING = '1';
    try {
      await runTurn(UNASKED);
    } finally {
      delete process.env.HEXAGENT_TRACING;
    }
    expect(exporter.getFinishedSpans().map((s) => s.name)).toContain('hexagent.query');
    exporter.reset();
    await runTurn({ tracer: true });
    expect(exporter.getFinishedSpans().map((s) => s.name)).toContain('hexagent.query');
  });

  it('records nothing with tracer: false, and goes to a registered or given tracer first', async () => {
    await runTurn({ tracer: false });
    expect(exporter.getFinishedSpans().filter((s) => s.name.startsWith('hexagent'))).toEqual([]);
    const other = new InMemorySpanExporter();
    const otherProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(other)] });
    await runTurn({ tracer: createOpenTelemetryTracer(api, { tracer: otherProvider.getTracer('mine') }) });
    expect(other.getFinishedSpans().map((s) => s.name)).toContain('hexagent.query');
    expect(exporter.getFinishedSpans().filter((s) => s.name.startsWith('hexagent'))).toEqual([]);
  });

  it('uses a tracer registered in the container under TRACER', async () => {
    const names: string[] = [];
    const fake = new FakeCliTransport({ autoInitialize: true });
    const container = wiring.containerWith(fake);
    container.register(TRACER, {
      useValue: {
        specificationVersion: 'v1',
        startSpan: (name: string) => {
          names.push(name);
          return { setAttributes() {}, fail() {}, end() {} };
        },
        withActiveSpan: <T>(_span: unknown, fn: () => T) => fn(),
      },
    });
    const run = query({ prompt: 'x' }, container);
    await fake.waitForControlRequest('initialize');
    fake.emit(result());
    fake.finish();
    for await (const _ of run) {
      // drain
    }
    expect(names).toEqual(expect.arrayContaining(['hexagent.query', 'invoke_agent claude-code']));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('gives a ClaudeClient one query span with a turn span per query() answered by its result', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true });
    const container = wiring.containerWith(fake);
    const client = new ClaudeClient({ tracer: true }, container);
    await client.connect();
    for (const [index, prompt] of ['one', 'two'].entries()) {
      await client.query(prompt);
      fake.emit(result({ total_cost_usd: index + 1, usage: { input_tokens: 10 * (index + 1), output_tokens: 1 } }));
      for await (const _ of client.receiveResponse()) {
        // drain the turn
      }
    }
    await client.close();
    const spans = exporter.getFinishedSpans();
    const query = byName(spans, 'hexagent.query');
    const turns = spans.filter((s) => s.name === 'invoke_agent claude-code');
    expect(turns.map((t) => t.attributes['gen_ai.usage.input_tokens'])).toEqual([10, 20]);
    expect(turns.every((t) => parentOf(t) === query.spanContext().spanId)).toBe(true);
    expect(query.attributes).toMatchObject({ 'hexagent.turns': 2, 'hexagent.cost_usd': 2 });
  });

  it('traces nothing once no provider is registered', async () => {
    expect(globalOpenTelemetryTracer()).toBeDefined();
    api.trace.disable();
    try {
      expect(globalOpenTelemetryTracer()).toBeUndefined();
      await runTurn({});
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      api.trace.setGlobalTracerProvider(provider);
    }
  });
});
