import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gitWorktrees } from './git-worktrees.js';
import { mapBounded } from './map-bounded.js';
import { holdsTranscriptOf, projectDirsFor, subdirectories } from './project-dirs.js';
import { canonicalDir, MAX_SANITIZED_LENGTH, projectDirName, projectsDir } from './projects-dir.js';
import { isSessionId } from './session-id.js';

/** Stats in flight at once while collecting mtimes. */
const STAT_CONCURRENCY = 64;

/** A transcript that may be listed: where it is, for which project path, and (when paging) its mtime. */
export type SessionCandidate = { sessionId: string; filePath: string; mtime: number; projectPath?: string };

/**
 * The transcripts `listSessions` considers: with `dir`, those of the project and (with
 * `includeWorktrees`) of its git worktrees; without, those of every project. File mtimes are
 * read only when `withMtime` (paging sorts by them before reading any transcript).
 */
export async function sessionCandidates(
  dir: string | undefined,
  includeWorktrees: boolean,
  withMtime: boolean,
): Promise<SessionCandidate[]> {
  const root = projectsDir();
  if (dir === undefined || dir === '') {
    const names = await subdirectories(root);
    return (await Promise.all(names.map((name) => candidatesIn(join(root, name), withMtime, undefined)))).flat();
  }
  const path = canonicalDir(dir);
  const worktrees = includeWorktrees ? await gitWorktrees(path) : [];
  const found: SessionCandidate[] = [];
  const seen = new Set<string>();
  for (const projectDir of await projectDirsFor(path, root)) {
    seen.add(basename(projectDir));
    found.push(...(await candidatesIn(projectDir, withMtime, path)));
  }
  if (worktrees.length <= 1) return found;
  const byName = worktrees
    .map((worktree) => ({ worktree, name: projectDirName(worktree) }))
    .sort((a, b) => b.name.length - a.name.length);
  for (const name of await subdirectories(root)) {
    if (seen.has(name)) continue;
    for (const { worktree, name: exact } of byName) {
      const truncated = exact.length > MAX_SANITIZED_LENGTH ? `${exact.slice(0, MAX_SANITIZED_LENGTH)}-` : undefined;
      const matches =
        name === exact ||
        (truncated !== undefined &&
          name.startsWith(truncated) &&
          (await holdsTranscriptOf(join(root, name), worktree)));
      if (!matches) continue;
      seen.add(name);
      found.push(...(await candidatesIn(join(root, name), withMtime, worktree)));
      break;
    }
  }
  return found;
}

async function candidatesIn(
  projectDir: string,
  withMtime: boolean,
  projectPath: string | undefined,
): Promise<SessionCandidate[]> {
  let names: string[];
  try {
    names = await readdir(projectDir);
  } catch {
    return [];
  }
  const found = await mapBounded(names, STAT_CONCURRENCY, async (name): Promise<SessionCandidate | null> => {
    if (!name.endsWith('.jsonl')) return null;
    const sessionId = name.slice(0, -'.jsonl'.length);
    if (!isSessionId(sessionId)) return null;
    const candidate: SessionCandidate = { sessionId, filePath: join(projectDir, name), mtime: 0 };
    if (projectPath !== undefined) candidate.projectPath = projectPath;
    if (!withMtime) return candidate;
    try {
      candidate.mtime = (await stat(candidate.filePath)).mtime.getTime();
      return candidate;
    } catch {
      return null;
    }
  });
  return found.filter((c): c is SessionCandidate => c !== null);
}
