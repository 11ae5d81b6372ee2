import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findSessionFile } from './find-session-file.js';

/** One sub-agent transcript: the agent's id and its file. */
export type SubagentFile = { agentId: string; filePath: string };

/**
 * The sub-agent transcripts of a session: every `agent-<id>.jsonl` under
 * `<project dir>/<sessionId>/subagents/`, nested folders included. `[]` when the session or the
 * folder does not exist.
 */
export async function subagentFiles(sessionId: string, dir: string | undefined): Promise<SubagentFile[]> {
  const session = await findSessionFile(sessionId, dir);
  if (session === undefined) return [];
  const found: SubagentFile[] = [];
  await walk(join(session.filePath.replace(/\.jsonl$/, ''), 'subagents'), found);
  return found;
}

async function walk(folder: string, found: SubagentFile[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isFile() && entry.name.startsWith('agent-') && entry.name.endsWith('.jsonl')) {
      found.push({ agentId: entry.name.slice('agent-'.length, -'.jsonl'.length), filePath: path });
    } else if (entry.isDirectory()) await walk(path, found);
  }
}
