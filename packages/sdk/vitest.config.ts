import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the test during which an unhandled rejection or uncaught exception happens.
    setupFiles: ['../../scripts/vitest-fail-on-unhandled-errors.ts'],
    // The lifecycle reliability tests measure the heap after full collections (global.gc).
    execArgv: ['--expose-gc'],
  },
});
