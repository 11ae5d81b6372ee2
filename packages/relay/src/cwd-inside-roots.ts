import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * `dir` with every symlink resolved, when it is inside one of `roots` (each resolved too);
 * `undefined` when it is outside them all, or does not exist.
 */
export function cwdInsideRoots(dir: string, roots: readonly string[]): string | undefined {
  const real = realpathOrUndefined(dir);
  if (real === undefined) return undefined;
  return roots.some((root) => isInside(real, realpathOrUndefined(root))) ? real : undefined;
}

/** `dir` with every symlink resolved, or `undefined` when it does not exist. */
export function realpathOrUndefined(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

function isInside(dir: string, root: string | undefined): boolean {
  if (root === undefined) return false;
  const relative = path.relative(root, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
