import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The test settings every workspace package shares; a package's own config merges onto this. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The JSON report feeds the one-line summary CI prints (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the test during which an unhandled rejection or uncaught exception happens.
    setupFiles: [fileURLToPath(new URL('./scripts/vitest-fail-on-unhandled-errors.ts', import.meta.url))],
  },
});
