import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** What a generated transcript looks like. */
export type GeneratedTranscript = {
  /** User/assistant entries on one parentUuid chain. */
  entries: number;
  /** Bytes of filler text in each entry. */
  payloadBytes?: number;
  /** A malformed line after every this many entries. */
  malformedEvery?: number;
  cwd?: string;
  firstPrompt?: string;
};

/** Writes a synthetic `<sessionId>.jsonl` under `projectDir`, streamed so its size does not matter; returns its uuids. */
export async function generateTranscript(
  projectDir: string,
  sessionId: string,
  spec: GeneratedTranscript,
): Promise<string[]> {
  mkdirSync(projectDir, { recursive: true });
  const out = createWriteStream(join(projectDir, `${sessionId}.jsonl`));
  const filler = 'x'.repeat(spec.payloadBytes ?? 32);
  const uuids: string[] = [];
  let parent: string | null = null;
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < spec.entries; i++) {
    const uuid = randomUUID();
    const type = i % 2 === 0 ? 'user' : 'assistant';
    const text = i === 0 ? (spec.firstPrompt ?? 'generated prompt') : `message ${i} ${filler}`;
    const message =
      type === 'user'
        ? { role: 'user', content: text }
        : { role: 'assistant', id: `msg_${i}`, content: [{ type: 'text', text }] };
    const entry = {
      parentUuid: parent,
      isSidechain: false,
      type,
      message,
      uuid,
      timestamp: new Date(start + i * 1000).toISOString(),
      cwd: spec.cwd ?? '/generated',
      sessionId,
    };
    if (!out.write(`${JSON.stringify(entry)}\n`)) await once(out, 'drain');
    if (spec.malformedEvery && i % spec.malformedEvery === 0) out.write('{"type":"user", this is not json\n');
    uuids.push(uuid);
    parent = uuid;
  }
  out.end();
  await once(out, 'finish');
  return uuids;
}
