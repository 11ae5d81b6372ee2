/**
 * Braintrust's `wrapClaudeAgentSDK` (npm `braintrust`): a Proxy over the SDK module whose `query`
 * goes through a diagnostics channel to Braintrust's Claude Agent SDK plugin. The plugin adds
 * tracing hooks, passes an option of its own (`__braintrust_skip_local_tool_hooks`), re-wraps a
 * streaming prompt, and patches the returned query's iteration in place. Spans go to Braintrust's
 * own test logger (`_exportsForTestingOnly`, what its test suite reads), not to a server.
 */
import * as sdk from '@anthropic-ai/claude-agent-sdk';
import { _exportsForTestingOnly, initLogger, wrapClaudeAgentSDK } from 'braintrust';
import { z } from 'zod';
import { attempt, CLI_PATH, drain, report, scenario, summarize, testing } from './kit.mjs';

const { text, toolUse } = testing;

_exportsForTestingOnly.setInitialTestState();
await _exportsForTestingOnly.simulateLoginForTests();
const spansLogger = _exportsForTestingOnly.useTestBackgroundLogger();
initLogger({ projectName: 'outside', projectId: 'outside-project' });
const { query, tool, createSdkMcpServer } = wrapClaudeAgentSDK(sdk);

/** The spans logged since the last call: `parent > name [type]`, with `!error` for an error; sorted. */
async function spans() {
  const events = await spansLogger.drain();
  const byId = new Map();
  for (const event of events) byId.set(event.span_id, { ...byId.get(event.span_id), ...event });
  const nameOf = (id) => byId.get(id)?.span_attributes?.name ?? '-';
  return [...byId.values()]
    .map(
      (span) =>
        `${nameOf(span.span_parents?.[0])} > ${span.span_attributes?.name} [${span.span_attributes?.type}]${span.error ? ' !error' : ''}`,
    )
    .sort();
}

const options = (extra = {}) => ({ pathToClaudeCodeExecutable: CLI_PATH, ...extra });
const results = {};

await attempt(results, 'prompt', () =>
  scenario([{ content: [text('Hello from the model')] }], async () => {
    const { messages, error } = await drain(query({ prompt: 'Say hello', options: options() }));
    return { messages: summarize(messages), error, spans: await spans() };
  }),
);

await attempt(results, 'streaming prompt, two turns', () =>
  scenario([{ content: [text('first answer')] }, { content: [text('second answer')] }], async () => {
    let next;
    async function* prompt() {
      yield { type: 'user', message: { role: 'user', content: 'first question' }, parent_tool_use_id: null };
      await new Promise((resolve) => {
        next = resolve;
      });
      yield { type: 'user', message: { role: 'user', content: 'second question' }, parent_tool_use_id: null };
    }
    const run = query({ prompt: prompt(), options: options() });
    const { messages, error } = await drain(run, (message) => {
      if (message.type === 'result' && next) next();
    });
    return { messages: summarize(messages), error, spans: await spans() };
  }),
);

await attempt(results, 'in-process tool', () =>
  scenario(
    [{ content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] }, { content: [text('The sum is 42')] }],
    async () => {
      const calls = [];
      const add = tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
        calls.push([a, b]);
        return { content: [{ type: 'text', text: String(a + b) }] };
      });
      const calc = createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] });
      const run = query({
        prompt: 'Add 15 and 27',
        options: options({ mcpServers: { calc }, allowedTools: ['mcp__calc__add'] }),
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
      const div = tool('div', 'Divide', { a: z.number(), b: z.number() }, async () => {
        throw new Error('division by zero');
      });
      const calc = createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [div] });
      const run = query({
        prompt: 'Divide 1 by 0',
        options: options({ mcpServers: { calc }, allowedTools: ['mcp__calc__div'] }),
      });
      const { messages, error } = await drain(run);
      return { messages: summarize(messages), error, spans: await spans() };
    },
  ),
);

// The interrupt goes out once the model has been asked, so both sides stop at the same point.
// What the model saw is left out: an interrupt can cut the request short before it is recorded.
// The error is compared by message: hexagent throws its `ResultError` where the official throws a
// plain `Error` with the same message, a documented difference (docs/migration.md, typed errors).
await attempt(results, 'control methods on the wrapped query', async () => {
  let asked;
  const requested = new Promise((resolve) => {
    asked = resolve;
  });
  const slow = () => {
    asked();
    return { content: [text('slow reply')], delayMs: 60_000 };
  };
  const { modelSaw: _cut, ...outcome } = await scenario(slow, async () => {
    const run = query({ prompt: 'Take your time', options: options() });
    const methods = ['interrupt', 'setModel', 'supportedModels', 'mcpServerStatus'].map(
      (name) => `${name}:${typeof run[name]}`,
    );
    let interrupted;
    const { messages, error } = await drain(run, async (message) => {
      if (message.type === 'system' && message.subtype === 'init') {
        await requested;
        interrupted = await Promise.resolve()
          .then(() => run.interrupt())
          .then(
            () => 'ok',
            (failure) => `threw:${failure.message}`,
          );
      }
    });
    return { methods, interrupted, messages: summarize(messages), error: error?.message ?? null, spans: await spans() };
  });
  return outcome;
});

report(results);
