/** Generated session transcripts for the session-function bench, in a temporary config dir. */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the generated transcripts are: the config dir, the project path and the long transcript. */
export type SessionsFixture = { configDir: string; projectPath: string; longSessionId: string };

/**
 * Writes `sessions` transcripts of about `bytesEach` bytes (user/assistant turns on one chain, as the
 * CLI writes them) and one transcript of `longEntries` entries, under one project.
 */
export async function writeSessionsFixture(
  sessions: number,
  bytesEach: number,
  longEntries: number,
): Promise<SessionsFixture> {
  const configDir = await mkdtemp(join(tmpdir(), 'hexagent-bench-sessions-'));
  const projectPath = '/bench/project';
  const folder = join(configDir, 'projects', projectPath.replace(/[^a-zA-Z0-9]/g, '-'));
  await mkdir(folder, { recursive: true });
  const payload = 'lorem ipsum dolor sit amet '.repeat(370);
  const entriesEach = Math.max(2, Math.round(bytesEach / (payload.length + 400)));
  for (let i = 0; i < sessions; i++) await writeTranscript(folder, randomUUID(), entriesEach, payload, projectPath);
  const longSessionId = randomUUID();
  await writeTranscript(folder, longSessionId, longEntries, 'short reply', projectPath);
  return { configDir, projectPath, longSessionId };
}

/** Writes one transcript of `entries` user/assistant entries on one chain, as the CLI writes them. */
export async function writeTranscript(
  folder: string,
  sessionId: string,
  entries: number,
  payload: string,
  cwd: string,
): Promise<void> {
  const out = createWriteStream(join(folder, `${sessionId}.jsonl`));
  let parent: string | null = null;
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < entries; i++) {
    const uuid = randomUUID();
    const user = i % 2 === 0;
    const text = i === 0 ? `prompt of ${sessionId}` : `${i}: ${payload}`;
    const message = user
      ? { role: 'user', content: text }
      : { role: 'assistant', id: `msg_${i}`, content: [{ type: 'text', text }] };
    const entry = {
      parentUuid: parent,
      isSidechain: false,
      type: user ? 'user' : 'assistant',
      message,
      uuid,
      timestamp: new Date(start + i * 1000).toISOString(),
      cwd,
      sessionId,
      gitBranch: 'main',
      version: '2.1.329',
    };
    if (!out.write(`${JSON.stringify(entry)}\n`)) await once(out, 'drain');
    parent = uuid;
  }
  out.end();
  await once(out, 'finish');
}
