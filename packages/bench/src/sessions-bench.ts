/**
 * One session-function measurement in a fresh process: `node dist/sessions-bench.js <client> <what>
 * <configDir> <projectPath> <sessionId>`. Prints `{ client, what, ms, maxRssMb, rssBeforeMb, count }`:
 * wall time of the call, the process's peak resident set, and its resident set before the call.
 */
import { resourceUsage } from 'node:process';

/** What one run measures: list every session, or read a page of the long transcript. */
export type SessionsWhat = 'list' | 'page';

/** One measurement. */
export interface SessionsResult {
  client: 'hexagent' | 'official';
  what: SessionsWhat;
  ms: number;
  maxRssMb: number;
  /** Resident set after importing the SDK, before the call. */
  rssBeforeMb: number;
  count: number;
}

const [client, what, configDir, projectPath, sessionId] = process.argv.slice(2) as [
  SessionsResult['client'],
  SessionsWhat,
  string,
  string,
  string,
];
if (client !== undefined) {
  process.env.CLAUDE_CONFIG_DIR = configDir;
  const sdk = client === 'hexagent' ? await import('@hexagent/sdk') : await import('@anthropic-ai/claude-agent-sdk');
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const count =
    what === 'list'
      ? (await sdk.listSessions({ dir: projectPath, includeWorktrees: false })).length
      : (await sdk.getSessionMessages(sessionId, { dir: projectPath, offset: 5_000, limit: 100 })).length;
  const ms = performance.now() - started;
  const result: SessionsResult = { client, what, ms, maxRssMb: resourceUsage().maxRSS / 1024, rssBeforeMb, count };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
