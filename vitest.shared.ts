import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type UserConfigFnObject } from 'vitest/config';
import { runFirstSequencer } from './scripts/vitest-first-sequencer.ts';

/** What a package adds to the shared test settings. */
export interface PackageTestOptions {
  /**
   * Test files (globs) that need the real Claude Code CLI. `vitest run --mode unit` (the package's
   * `test:unit`, which the root's `pnpm test:unit` runs) leaves them out; `vitest run` runs everything.
   */
  realCli?: string[];
  /** Test files (globs) too slow for `test:unit` though they need no real CLI (long reliability runs); left out likewise. */
  slow?: string[];
  /** Node.js flags of the test workers. */
  execArgv?: string[];
  /**
   * Test files run at once. Vitest's default on a 2-core machine is one; a package whose files
   * mostly wait on the real CLI, sockets or npm sets more (see CONTRIBUTING.md, "How the tests are organised").
   */
  maxWorkers?: number;
  /**
   * Test files (paths relative to the package) started before the others: a file that waits long on
   * purpose then overlaps the rest instead of running alone at the end.
   */
  runFirst?: string[];
}

/** The test settings every workspace package shares, with what the package adds. */
export function packageTestConfig(options: PackageTestOptions = {}): UserConfigFnObject {
  return defineConfig(({ mode }) => ({
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude:
        mode === 'unit'
          ? [...configDefaults.exclude, ...(options.realCli ?? []), ...(options.slow ?? [])]
          : configDefaults.exclude,
      // A package whose every test needs the real CLI (packaging) has none to run in unit mode.
      passWithNoTests: mode === 'unit',
      // The JSON report feeds the one-line summary CI prints (scripts/test-summary.mjs).
      reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
      // Hang detectors, not targets: a real CLI on a loaded 2-core machine (load 30-45 seen) takes minutes,
      // not seconds, to start and answer; a test or hook must not fail for that.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // `expect.poll` waits on an event; its 1 s default was a timing assumption that a loaded
      // machine broke (an MCP server reported connected after 1.3 s). A test that sets its own keeps it.
      expect: { poll: { timeout: 30_000 } },
      // Fails the test during which an unhandled rejection or uncaught exception happens.
      setupFiles: [fileURLToPath(new URL('./scripts/vitest-fail-on-unhandled-errors.ts', import.meta.url))],
      ...(options.execArgv !== undefined && { execArgv: options.execArgv }),
      ...(options.maxWorkers !== undefined && { maxWorkers: options.maxWorkers }),
      ...(options.runFirst !== undefined && { sequence: { sequencer: runFirstSequencer(options.runFirst) } }),
    },
  }));
}
