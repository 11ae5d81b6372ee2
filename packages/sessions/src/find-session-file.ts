import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gitWorktrees } from './git-worktrees.js';
import { projectDirsFor } from './project-dirs.js';
import { canonicalDir, projectsDir } from './projects-dir.js';

/** A session's transcript on disk: its path, the project path it was found for, and its size. */
export type SessionFile = { filePath: string; projectDir: string; projectPath?: string; fileSize: number };

/**
 * Every non-empty `<sessionId>.jsonl` the CLI may hold for a session, in the official search
 * order: with `dir`, the project's folders, then those of its git worktrees; without, every
 * project folder.
 */
export async function* sessionFiles(sessionId: string, dir?: string): AsyncGenerator<SessionFile> {
  const name = `${sessionId}.jsonl`;
  const root = projectsDir();
  if (dir !== undefined && dir !== '') {
    const path = canonicalDir(dir);
    const seen = new Set<string>();
    for (const projectDir of await projectDirsFor(path, root)) {
      seen.add(projectDir);
      const found = await nonEmpty(projectDir, name, path);
      if (found) yield found;
    }
    for (const worktree of await gitWorktrees(path)) {
      if (worktree === path) continue;
      for (const projectDir of await projectDirsFor(worktree, root)) {
        if (seen.has(projectDir)) continue;
        seen.add(projectDir);
        const found = await nonEmpty(projectDir, name, worktree);
        if (found) yield found;
      }
    }
    return;
  }
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return;
  }
  for (const projectName of names) {
    const found = await nonEmpty(join(root, projectName), name, undefined);
    if (found) yield found;
  }
}

/** The first transcript of `sessionId` ({@link sessionFiles}), or `undefined`. */
export async function findSessionFile(sessionId: string, dir?: string): Promise<SessionFile | undefined> {
  for await (const file of sessionFiles(sessionId, dir)) return file;
  return undefined;
}

async function nonEmpty(
  projectDir: string,
  name: string,
  projectPath: string | undefined,
): Promise<SessionFile | undefined> {
  const filePath = join(projectDir, name);
  try {
    const stats = await stat(filePath);
    if (stats.size <= 0) return undefined;
    const file: SessionFile = { filePath, projectDir, fileSize: stats.size };
    if (projectPath !== undefined) file.projectPath = projectPath;
    return file;
  } catch {
    return undefined;
  }
}
