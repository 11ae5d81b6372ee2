/**
 * The cross-host scenarios of the `sessionStore` e2e tests, shared by every store they run with
 * (the file-backed fixture, PostgreSQL, Redis): each "host" is a child process
 * (fixtures/session-store-host.mjs) with its own CLAUDE_CONFIG_DIR, sharing only the store.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getSubagentMessages, listSubagents, type SDKMessage, type SessionStore } from '@hexagent/sdk';
import {
  byPrompt,
  hermeticCliEnv,
  type RecordedRequest,
  results,
  ScriptedModelServer,
  text,
  toolUse,
} from '@hexagent/testing';
import { expect } from 'vitest';

const run = promisify(execFile);
const HOST = fileURLToPath(new URL('./fixtures/session-store-host.mjs', import.meta.url));

/** Registers what a test must undo when it ends (the test file runs them in `afterEach`). */
export type Track = (cleanup: () => Promise<void> | void) => void;

/**
 * The scripted model of the session-store tests: a first turn that runs a subagent, then plain
 * answers ('turn one' → 'answer one', ... for the fault scenarios).
 */
export async function sessionStoreModel(track: Track): Promise<ScriptedModelServer> {
  const server = await ScriptedModelServer.start(
    byPrompt({
      'remember pelican': {
        content: [
          toolUse(
            'Agent',
            {
              description: 'sub task',
              prompt: 'SUBTASK: reply sub done',
              subagent_type: 'general-purpose',
              run_in_background: false,
            },
            'toolu_agent',
          ),
        ],
      },
      'tool_result:agent': { content: [text('noted pelican')] },
      SUBTASK: { content: [text('sub done')] },
      'second turn': { content: [text('second answer')] },
      'what was it': { content: [text('it was pelican')] },
      'turn one': { content: [text('answer one')] },
      'turn two': { content: [text('answer two')] },
      'turn three': { content: [text('answer three')] },
    }),
  );
  track(() => server.close());
  return server;
}

/** A hermetic CLI environment (its own config dir) pointing at `server`. */
export async function hostEnv(
  server: ScriptedModelServer,
  track: Track,
): Promise<{ env: Record<string, string | undefined>; configDir: string }> {
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  track(() => hermetic.cleanup());
  return { env: hermetic.env, configDir: hermetic.configDir };
}

/** Runs one host process: `storeSpec` as openSessionStore() takes it, `resume` a session id or `-`. */
export async function runHost(
  env: Record<string, string | undefined>,
  storeSpec: string,
  cwd: string,
  resume: string,
  ...prompts: string[]
): Promise<SDKMessage[]> {
  const { stdout } = await run(process.execPath, [HOST, storeSpec, cwd, resume, ...prompts], {
    env: env as NodeJS.ProcessEnv,
    timeout: 90_000,
  });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SDKMessage);
}

/** What the model saw in a request, as text. */
export function userTexts(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages ?? []);
}

/**
 * Host A (its own config dir) runs two turns, the first with a subagent; A's config dir is
 * deleted; host B (a fresh config dir) resumes by session id from the store alone. Asserts the
 * subagent transcript is in the store, the model saw the earlier turns on B, B's turn was mirrored
 * into the same session, B's temporary resume dir is gone, and the subagent's conversation reads
 * back through `listSubagents` / `getSubagentMessages` with the store on B's side (A's files are
 * gone). Returns the session's key.
 */
export async function crossHostResume(options: {
  server: ScriptedModelServer;
  storeSpec: string;
  store: SessionStore;
  cwd: string;
  track: Track;
}): Promise<{ projectKey: string; sessionId: string }> {
  const { server, storeSpec, store, cwd, track } = options;
  const hostA = await hostEnv(server, track);
  const messagesA = await runHost(hostA.env, storeSpec, cwd, '-', 'remember pelican', 'second turn');
  const resultsA = results(messagesA);
  expect(resultsA.map((r) => r.result)).toEqual(['noted pelican', 'second answer']);
  const sessionId = String(resultsA[0]?.session_id);
  const projectKey = readdirSync(join(hostA.configDir, 'projects'))[0] ?? '';
  rmSync(hostA.configDir, { recursive: true, force: true });

  const subkeys = (await store.listSubkeys?.({ projectKey, sessionId })) ?? [];
  expect(subkeys.some((subpath) => subpath.startsWith('subagents/agent-'))).toBe(true);
  const sub = await store.load({
    projectKey,
    sessionId,
    subpath: subkeys.find((s) => s.startsWith('subagents/')) ?? '',
  });
  expect(JSON.stringify(sub)).toContain('sub done');

  const hostB = await hostEnv(server, track);
  const before = server.requests.length;
  const messagesB = await runHost(hostB.env, storeSpec, cwd, sessionId, 'what was it?');
  const resultB = results(messagesB)[0];
  expect(resultB?.result).toBe('it was pelican');
  expect(resultB?.session_id).toBe(sessionId);
  const seenByModel = server.requests.slice(before).filter((request) => request.kind === 'main');
  const last = seenByModel.at(-1);
  expect(last && userTexts(last)).toContain('remember pelican');
  expect(last && userTexts(last)).toContain('second answer');
  // B mirrored its turn into the same session of the store.
  expect(JSON.stringify(await store.load({ projectKey, sessionId }))).toContain('what was it?');
  // B's temporary config dir is gone once its query ended.
  const leftovers = readdirSync(tmpdir()).filter(
    (name) =>
      name.startsWith('claude-resume-') &&
      existsSync(join(tmpdir(), name, 'projects', projectKey, `${sessionId}.jsonl`)),
  );
  expect(leftovers).toEqual([]);
  // The session functions read the subagent from the store: A's files are gone, B never had them.
  const agentIds = await listSubagents(sessionId, { sessionStore: store, dir: cwd });
  expect(agentIds).toHaveLength(1);
  const subMessages = await getSubagentMessages(sessionId, agentIds[0] ?? '', { sessionStore: store, dir: cwd });
  expect(subMessages.map((message) => message.type)).toEqual(['user', 'assistant']);
  expect(JSON.stringify(subMessages[0]?.message)).toContain('SUBTASK: reply sub done');
  expect(JSON.stringify(subMessages[1]?.message)).toContain('sub done');
  expect(subMessages.every((message) => message.parent_tool_use_id === 'toolu_agent')).toBe(true);
  return { projectKey, sessionId };
}
