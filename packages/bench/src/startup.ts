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
 * Nothing is imported statically, so nothing loads before the clock starts.
 */
export {};

const [client = 'hexagent', what = 'import'] = process.argv.slice(2);
const started = performance.now();
if (client === 'hexagent') await import('@hexagent/sdk');
else await import('@anthropic-ai/claude-agent-sdk');
const importMs = performance.now() - started;
let firstQueryMs: number | undefined;
if (what !== 'import') {
  const { runHexagent, runOfficial } = await import('./sdk-clients.js');
  const { standInEnv } = await import('./workload.js');
  const withServer = what === 'query-server';
  const env = standInEnv({ mode: withServer ? 'tools' : 'stream', count: 1, concurrency: 1, warmup: 0 });
  await (client === 'hexagent' ? runHexagent : runOfficial)(env, withServer);
  firstQueryMs = performance.now() - started;
}
process.stdout.write(`${JSON.stringify({ client, what, importMs, firstQueryMs })}\n`);
