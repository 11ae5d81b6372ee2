import { AgentUsageTracker, type SessionStore, type TokenWeights, type UsageReport } from '@hexagent/core';
import { findSessionFile } from './find-session-file.js';
import { getSessionMessages } from './get-session-messages.js';
import { getSubagentMessages } from './get-subagent-messages.js';
import { listSubagents } from './list-subagents.js';
import { projectKeyOf } from './projects-dir.js';
import { readJsonlLines } from './read-jsonl-lines.js';
import { isSessionId } from './session-id.js';

/** Options of {@link getSessionUsage}. */
export interface GetSessionUsageOptions {
  /** Project directory to find the session in. If omitted, searches all projects. */
  dir?: string;
  /** Read the transcripts from this store instead of the local filesystem (it needs `listSubkeys` for the subagents). */
  sessionStore?: SessionStore;
  /** The relative price of each token kind for splitting costs; see `AgentUsageTrackerOptions`. */
  tokenWeights?: Partial<TokenWeights>;
}

/**
 * The usage per agent of a saved session, from its transcripts: the main conversation
 * (`getSessionMessages`) and every subagent's (`listSubagents`, `getSubagentMessages`), nested as
 * they started one another, with the final token counts of every model response. Costs come from
 * the session's last `cost-state` entry, the per-model totals (`modelUsage`) the CLI saves in the
 * transcript after each turn; without one (a CLI that does not write it) every `costUsd` is absent.
 * An empty report when the session is not found.
 *
 * @example
 * ```ts
 * const { main } = await getSessionUsage(sessionId, { dir: process.cwd() });
 * for (const agent of main.subagents) {
 *   console.log(agent.subagentType, agent.total.tokens.outputTokens, agent.total.costUsd);
 * }
 * ```
 */
export async function getSessionUsage(sessionId: string, options: GetSessionUsageOptions = {}): Promise<UsageReport> {
  const tracker = new AgentUsageTracker(
    options.tokenWeights === undefined ? {} : { tokenWeights: options.tokenWeights },
  );
  if (!isSessionId(sessionId)) return tracker.snapshot();
  const where = {
    ...(options.dir !== undefined && { dir: options.dir }),
    ...(options.sessionStore !== undefined && { sessionStore: options.sessionStore }),
  };
  tracker.addAll(await getSessionMessages(sessionId, where));
  for (const agentId of await listSubagents(sessionId, where)) {
    // A subagent's transcript messages do not carry its id; its subagents name it as their parent.
    for (const message of await getSubagentMessages(sessionId, agentId, where)) {
      tracker.add({ ...message, agent_id: agentId });
    }
  }
  const modelUsage = await lastModelUsage(sessionId, options);
  if (modelUsage !== undefined) tracker.setModelUsage(modelUsage);
  return tracker.snapshot();
}

const COST_STATE = '"cost-state"';

/** The `modelUsage` of the last `cost-state` entry of the session's main transcript. */
async function lastModelUsage(
  sessionId: string,
  options: GetSessionUsageOptions,
): Promise<Record<string, unknown> | undefined> {
  let last: unknown;
  if (options.sessionStore !== undefined) {
    const entries = await options.sessionStore.load({ projectKey: projectKeyOf(options.dir ?? '.'), sessionId });
    last = entries?.findLast((entry) => entry.type === 'cost-state');
  } else {
    const file = await findSessionFile(sessionId, options.dir);
    if (file === undefined) return undefined;
    for await (const line of readJsonlLines(file.filePath)) {
      if (!line.text.includes(COST_STATE)) continue;
      try {
        const entry = JSON.parse(line.text) as { type?: unknown };
        if (entry.type === 'cost-state') last = entry;
      } catch {
        // a torn line: the CLI may be writing it
      }
    }
  }
  const modelUsage = (last as { modelUsage?: unknown } | undefined)?.modelUsage;
  return typeof modelUsage === 'object' && modelUsage !== null ? (modelUsage as Record<string, unknown>) : undefined;
}
