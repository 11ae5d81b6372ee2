/**
 * signal-exit, which kills the CLI when this process exits without closing the transport. In the
 * sources (and so in this package's own tests, which run them) this module re-exports the
 * `signal-exit` package. The build (`pnpm build`: tsc, then `scripts/bundle-vendor.mjs`) replaces
 * the emitted `dist/vendor/signal-exit.js` with the package bundled into that one file, its license
 * in `dist/vendor/signal-exit.LICENSES.md`, so this package has no runtime dependency but core.
 *
 * @internal
 */
export { onExit } from 'signal-exit';
