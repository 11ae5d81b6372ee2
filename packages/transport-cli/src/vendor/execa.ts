/**
 * execa, the one way this package starts a process. In the sources (and so in this package's own
 * tests, which run them) this module re-exports the `execa` package. The build (`pnpm build`: tsc,
 * then `scripts/bundle-execa.mjs`) replaces the emitted `dist/vendor/execa.js` with execa and its
 * dependencies bundled into that one file, their licenses in `dist/vendor/execa.LICENSES.md`.
 *
 * Why: execa 9 is ~100 ES modules, and Node.js 20 resolves, reads and links each one on its own,
 * which made importing it ~70 ms, paid on the first query of every process. The same code in one
 * module imports in ~20 ms. Nothing else changes: the same execa version, the same options.
 *
 * @internal
 */
export { execa } from 'execa';
