/**
 * LangSmith's `wrapClaudeAgentSDK` (npm `langsmith`, `langsmith/experimental/anthropic`): a
 * tracing wrapper around `query()` and `tool()`. It adds its own PreToolUse, SubagentStart,
 * SubagentStop and Stop hooks, returns an async generator on which it re-exposes the query's
 * methods by walking the query's prototype, and posts runs to the LangSmith API, here a recording
 * stand-in on loopback (the `Client`'s `apiUrl`, unbatched).
 */
import { createServer } from 'node:http';
import * as sdk from '@anthropic-ai/claude-agent-sdk';
import { Client } from 'langsmith';
import { wrapClaudeAgentSDK } from 'langsmith/experimental/anthropic';
import { z } from 'zod';
import { attempt, CLI_PATH, drain, report, scenario, summarize, testing } from './kit.mjs';

const { text, toolUse, byPrompt } = testing;

/** A stand-in LangSmith API: answers every call, remembers the runs. */
async function startLangSmith() {
  const runs = new Map();
  let rootEnded;
  const rootEnd = new Promise((resolve) => {
    rootEnded = resolve;
  });
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const data = body ? JSON.parse(body) : {};
      if (req.method === 'POST' && req.url === '/runs') runs.set(data.id, { ...data });
      const patch = req.url.match(/^\/runs\/([^/?]+)/);
      if (req.method === 'PATCH' && patch) {
        runs.set(patch[1], { ...runs.get(patch[1]), ...data });
        if (!runs.get(patch[1]).parent_run_id && data.end_time) rootEnded();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Resolves when the root run's end arrives, or after `ms` (then the tree says "not ended"). */
    rootEnd: (ms) => Promise.race([rootEnd, new Promise((resolve) => setTimeout(resolve, ms).unref())]),
    /** Each run as `parent > name [type]`, with `!error` when it ended in one; sorted. */
    tree() {
      const all = [...runs.values()];
      const nameOf = (id) => all.find((run) => run.id === id)?.name ?? '-';
      return all
        .map(
          (run) =>
            `${nameOf(run.parent_run_id)} > ${run.name} [${run.run_type}]${run.end_time ? '' : ' (not ended)'}${run.error ? ' !error' : ''}`,
        )
        .sort();
    },
    rootOutputs() {
      const root = [...runs.values()].find((run) => !run.parent_run_id);
      return (root?.outputs?.output?.messages ?? []).map(
        (message) => `${message.role}:${JSON.stringify(message.content)}`,
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

async function traced(body) {
  const langsmith = await startLangSmith();
  const client = new Client({ apiUrl: langsmith.url, apiKey: 'outside', autoBatchTracing: false });
  const wrapped = wrapClaudeAgentSDK(sdk, { client, project_name: 'outside', tracingEnabled: true });
  try {
    const outcome = await body(wrapped);
    await client.awaitPendingTraceBatches();
    await langsmith.rootEnd(5_000);
    return { ...outcome, runs: langsmith.tree(), rootOutputs: langsmith.rootOutputs() };
  } finally {
    await langsmith.close();
  }
}

const options = (extra = {}) => ({ pathToClaudeCodeExecutable: CLI_PATH, ...extra });
const results = {};

await attempt(results, 'prompt', () =>
  scenario([{ content: [text('Hello from the model')] }], () =>
    traced(async ({ query }) => {
      const { messages, error } = await drain(query({ prompt: 'Say hello', options: options() }));
      return { messages: summarize(messages), error };
    }),
  ),
);

await attempt(results, 'in-process tool', () =>
  scenario([{ content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] }, { content: [text('The sum is 42')] }], () =>
    traced(async ({ query, tool, createSdkMcpServer }) => {
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
      return { calls, messages: summarize(messages), error };
    }),
  ),
);

// The wrapper copies the query's methods from its prototype onto the generator it returns.
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
  const { modelSaw: _cut, ...outcome } = await scenario(slow, () =>
    traced(async ({ query }) => {
      const run = query({ prompt: 'Take your time', options: options() });
      const methods = ['interrupt', 'setModel', 'setPermissionMode', 'supportedModels', 'mcpServerStatus'].map(
        (name) => `${name}:${typeof run[name]}`,
      );
      let status;
      let interrupted;
      const { messages, error } = await drain(run, async (message) => {
        if (message.type === 'system' && message.subtype === 'init') {
          await requested;
          status = await run.mcpServerStatus().then(
            (servers) => `ok:${servers.length}`,
            (failure) => `threw:${failure.message}`,
          );
          interrupted = await Promise.resolve()
            .then(() => run.interrupt())
            .then(
              () => 'ok',
              (failure) => `threw:${failure.message}`,
            );
        }
      });
      return { methods, status, interrupted, messages: summarize(messages), error: error?.message ?? null };
    }),
  );
  return outcome;
});

await attempt(results, 'subagent', () =>
  scenario(
    byPrompt({
      Delegate: {
        content: [
          toolUse('Agent', {
            subagent_type: 'greeter',
            description: 'greet',
            prompt: 'GREETER_TASK: say hi',
            run_in_background: false,
          }),
        ],
      },
      GREETER_TASK: { content: [text('Hi there!')] },
      'tool_result:': { content: [text('DONE')] },
    }),
    () =>
      traced(async ({ query }) => {
        const run = query({
          prompt: 'Delegate the greeting',
          options: options({
            agents: {
              greeter: {
                description: 'Greets.',
                prompt: 'Reply with one short sentence.',
                model: 'haiku',
                background: false,
              },
            },
            allowedTools: ['Agent', 'Task'],
            maxTurns: 4,
          }),
        });
        const { messages, error } = await drain(run);
        return { messages: summarize(messages), error };
      }),
  ),
);

report(results);
