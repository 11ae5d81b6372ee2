/** Removing a test's big temporary tree without ever failing or holding up the run. */
import { readdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TRASH = '.hexagent-trash-';

/**
 * Removes `dir` in a way that never fails the run and waits at most `waitMs`: the tree is renamed
 * aside at once (a sibling `.hexagent-trash-*`, so nothing else can use it), then removed; if the
 * removal is not done in time (a busy disk), it goes on in the background. Trash that an earlier run
 * did not finish removing is removed too, so nothing grows across runs.
 */
export async function removeDir(dir: string, waitMs = 10_000): Promise<void> {
  const parent = dirname(dir);
  try {
    renameSync(dir, join(parent, `${TRASH}${basename(dir)}-${process.pid}-${Date.now()}`));
  } catch {
    // Gone already, or not renamable: it is removed where it is.
  }
  let leftovers: string[] = [];
  try {
    leftovers = readdirSync(parent).filter((name) => name.startsWith(TRASH));
  } catch {
    // An unreadable parent: only `dir` itself is removed.
  }
  const removals = [dir, ...leftovers.map((name) => join(parent, name))].map((path) =>
    rm(path, { recursive: true, force: true, maxRetries: 2 }).catch(() => {}),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
    timer.unref();
  });
  const outcome = await Promise.race([Promise.all(removals), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`[cleanup] still removing ${dir} in the background; the next run finishes it`);
}
