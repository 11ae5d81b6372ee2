/**
 * Startup cost of an SDK in this fresh process, printed as one line of JSON:
 * `node dist/startup.js <hexagent|official> <import|query|query-server>`.
 *
 * - `import`: `await import()` of the SDK, nothing else;
 * - `query`: the import, then one query against the stand-in CLI without in-process servers (one
 *   streamed message): `firstQueryMs` is the time from before the import to the query's end;
 * - `query-server`: the same with an in-process `createSdkMcpServer` tool and one tool call, so
 *   whatever the SDK loads lazily for in-process servers (the MCP SDK, zod, ajv) is counted.
 *
 * For the queries, `callToFirstMs` and `callToResultMs` run from the call instead, once every
 * import has finished (the SDK, zod, the bench's own modules): from building the server (if any)
 * and calling `query()` to the first assistant message and to the `result`. That is the first
 * query's own cost, which the import's difference hides in `firstQueryMs`. With the tool, the
 * first assistant message comes after the tool call (the stand-in calls first, then answers).
 *
 * Nothing is imported statically, so nothing loads before the clock starts.
 */
export {};

const [client = 'hexagent', what = 'import'] = process.argv.slice(2);
const started = performance.now();
if (client === 'hexagent') await import('@hexagent/sdk');
else await import('@anthropic-ai/claude-agent-sdk');
const importMs = performance.now() - started;
let firstQueryMs: number | undefined;
let callToFirstMs: number | undefined;
let callToResultMs: number | undefined;
if (what !== 'import') {
  const { runHexagent, runOfficial } = await import('./sdk-clients.js');
  const { standInEnv } = await import('./workload.js');
  const withServer = what === 'query-server';
  // What a user's file imports at its top: loaded before the call (runHexagent/runOfficial find it cached).
  if (withServer) await import('zod');
  const env = standInEnv({ mode: withServer ? 'tools' : 'stream', count: 1, concurrency: 1, warmup: 0 });
  const called = performance.now();
  const run = await (client === 'hexagent' ? runHexagent : runOfficial)(env, withServer);
  firstQueryMs = performance.now() - started;
  callToFirstMs = run.firstAssistantAt - called;
  callToResultMs = run.resultAt - called;
}
process.stdout.write(`${JSON.stringify({ client, what, importMs, firstQueryMs, callToFirstMs, callToResultMs })}\n`);
