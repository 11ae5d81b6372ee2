import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
