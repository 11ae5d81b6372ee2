import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file is src/repo-paths.ts or dist/repo-paths.js: one level under the package either way.
const compat = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** The folders the compat tool reads and writes (it is the repository's own tool, never published). */
export const repoPaths = {
  /** The repository's root. */
  root: join(compat, '..', '..'),
  /** packages/compat. */
  compat,
  /** packages/drop-in: the mirrored version, its export list and notes, the type-level checks. */
  dropIn: join(compat, '..', 'drop-in'),
  /** The committed reference recordings: `recordings/<official version>/<scenario>.jsonl`. */
  recordings: join(compat, 'recordings'),
  /** The accepted wire differences, each with a reason. */
  accepted: join(compat, 'accepted-differences.json'),
  /** Scratch space inside the package (git- and biome-ignored), for the type check's copy of the official types. */
  scratch: join(compat, '.scratch'),
};
