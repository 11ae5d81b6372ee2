/**
 * execa, the one way this package starts a process. In the sources (and so in this package's own
 * tests, which run them) this module re-exports the `execa` package. The build (`pnpm build`: tsc,
 * then `scripts/bundle-execa.mjs`) replaces the emitted `dist/vendor/execa.js` with execa and its
 * dependencies bundled into that one file, their licenses in `dist/vendor/execa.LICENSES.md`.
 *
 * Why: one module imports several times faster than execa's ~100 (docs/performance.md#lazy-loading).
 * Nothing else changes: the same execa version, the same options.
 *
 * @internal
 */
export { execa } from 'execa';
