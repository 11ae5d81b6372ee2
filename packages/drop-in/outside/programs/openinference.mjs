/**
 * OpenInference's OpenTelemetry instrumentation for the Claude Agent SDK (npm
 * `@arizeai/openinference-instrumentation-claude-agent-sdk`), applied as its README says for an
 * ES module: `manuallyInstrument(sdk)` returns a patched copy of the module whose `query()` and
 * v2 session functions make AGENT spans, and whose injected hooks make TOOL spans. The tracer
 * provider is the global one (as an app registers it), exporting to memory, so spans any other
 * tracer makes in the process show too.
 */
import * as sdk from '@anthropic-ai/claude-agent-sdk';
import { ClaudeAgentSDKInstrumentation } from '@arizeai/openinference-instrumentation-claude-agent-sdk';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { attempt, CLI_PATH, drain, report, scenario, summarize, testing } from './kit.mjs';

const { text, toolUse } = testing;

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
const instrumentation = new ClaudeAgentSDKInstrumentation();
instrumentation.setTracerProvider(provider);
const patched = instrumentation.manuallyInstrument(sdk);

/**
 * The spans ended since the last call, each `scope: parent > name [kind] status`, sorted. `scope`
 * is the tracer that made it, so spans of anything other than the instrumentation show.
 */
async function spans() {
  await provider.forceFlush();
  const finished = exporter.getFinishedSpans();
  exporter.reset();
  const nameOf = (id) => finished.find((span) => span.spanContext().spanId === id)?.name ?? '-';
  return finished
    .map((span) => {
      const scope = (span.instrumentationScope ?? span.instrumentationLibrary)?.name;
      const kind = span.attributes['openinference.span.kind'] ?? '';
      const parent = span.parentSpanContext?.spanId ?? span.parentSpanId;
      return `${scope}: ${nameOf(parent)} > ${span.name} [${kind}] status=${span.status.code}`;
    })
    .sort();
}

const options = (extra = {}) => ({ pathToClaudeCodeExecutable: CLI_PATH, ...extra });
const results = {};

// 0.3.332 has no v2 session functions (`unstable_v2_*`), so only `query` is patched, on both.
const original = { ...sdk };
results.patched = Object.keys(patched)
  .filter((key) => ['query', 'unstable_v2_createSession', 'unstable_v2_prompt'].includes(key))
  .map((key) => `${key}:${patched[key] !== original[key]}`);

await attempt(results, 'prompt', () =>
  scenario([{ content: [text('Hello from the model')] }], async () => {
    const { messages, error } = await drain(patched.query({ prompt: 'Say hello', options: options() }));
    return { messages: summarize(messages), error, spans: await spans() };
  }),
);

await attempt(results, 'in-process tool, one allowed and one refused by canUseTool', () =>
  scenario(
    [
      { content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] },
      { content: [toolUse('mcp__calc__sub', { a: 5, b: 2 })] },
      { content: [text('42, and subtracting was refused')] },
    ],
    async () => {
      const calls = [];
      const schema = { a: z.number(), b: z.number() };
      const add = sdk.tool('add', 'Add', schema, async ({ a, b }) => {
        calls.push(['add', a, b]);
        return { content: [{ type: 'text', text: String(a + b) }] };
      });
      const sub = sdk.tool('sub', 'Subtract', schema, async ({ a, b }) => {
        calls.push(['sub', a, b]);
        return { content: [{ type: 'text', text: String(a - b) }] };
      });
      const calc = sdk.createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add, sub] });
      const run = patched.query({
        prompt: 'Add, then subtract',
        options: options({
          mcpServers: { calc },
          canUseTool: async (name, input) =>
            name.endsWith('__sub')
              ? { behavior: 'deny', message: 'no subtracting' }
              : { behavior: 'allow', updatedInput: input },
        }),
      });
      const { messages, error } = await drain(run);
      return { calls, messages: summarize(messages), error, spans: await spans() };
    },
  ),
);

await attempt(results, 'a failing in-process tool', () =>
  scenario(
    [{ content: [toolUse('mcp__calc__div', { a: 1, b: 0 })] }, { content: [text('Cannot divide')] }],
    async () => {
      const div = sdk.tool('div', 'Divide', { a: z.number(), b: z.number() }, async () => {
        throw new Error('division by zero');
      });
      const calc = sdk.createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [div] });
      const run = patched.query({
        prompt: 'Divide 1 by 0',
        options: options({ mcpServers: { calc }, allowedTools: ['mcp__calc__div'] }),
      });
      const { messages, error } = await drain(run);
      return { messages: summarize(messages), error, spans: await spans() };
    },
  ),
);

report(results);
