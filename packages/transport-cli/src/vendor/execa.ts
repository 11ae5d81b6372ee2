/**
 * execa, the one way this package starts a process, and signal-exit's `onExit` (execa's own
 * exit-hook dependency, the same copy) for the one case execa's `cleanup` skips: a process group
 * (`detached`). In the sources (and so in this package's own tests, which run them) this module
 * re-exports the packages. The build (`pnpm build`: tsc, then `scripts/bundle-vendor.mjs`)
 * replaces the emitted `dist/vendor/execa.js` with both and their dependencies bundled into that
 * one file, their licenses in `dist/vendor/execa.LICENSES.md`, so this package has no runtime
 * dependency but core.
 *
 * Why bundled: Node.js links each ES module on its own, and execa is ~150 of them; one module loads
 * several times faster (docs/performance.md#lazy-loading).
 *
 * @internal
 */
export { execa } from 'execa';
export { onExit } from 'signal-exit';
