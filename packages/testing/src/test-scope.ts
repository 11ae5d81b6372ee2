import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliHarness, startCliHarness } from './cli-harness.js';
import type { ModelScript } from './model-script.js';
import {
  type InstalledStandInCli,
  type InstallStandInCliOptions,
  installStandInCli,
} from './stand-in-cli/install-stand-in-cli.js';
import type { StandInScenario } from './stand-in-cli/stand-in-scenario.js';

/**
 * What one test makes and must release, released together by {@link TestScope.cleanup} (call it in
 * `afterEach`): CLI harnesses, temporary folders, stand-in CLIs, and anything registered with
 * `defer`. Released last made first; a release that fails does not stop the others (cleanup never
 * fails a run).
 *
 * @example
 * ```ts
 * const scope = new TestScope();
 * afterEach(() => scope.cleanup());
 * it('…', async () => {
 *   const harness = await scope.startCliHarness([{ content: [text('ok')] }]);
 *   const cwd = scope.tempDir('hexagent-cwd-');
 * });
 * ```
 */
export class TestScope {
  readonly #releases: Array<() => unknown> = [];

  /** Runs `release` at the next {@link TestScope.cleanup}. */
  defer(release: () => unknown): void {
    this.#releases.push(release);
  }

  /** {@link startCliHarness}, disposed at the next cleanup. */
  async startCliHarness(script: ModelScript): Promise<CliHarness> {
    const harness = await startCliHarness(script);
    this.defer(() => harness.dispose());
    return harness;
  }

  /** {@link installStandInCli}, removed at the next cleanup. */
  installStandInCli(scenario: StandInScenario = {}, options: InstallStandInCliOptions = {}): InstalledStandInCli {
    const cli = installStandInCli(scenario, options);
    this.defer(() => cli.remove());
    return cli;
  }

  /** A fresh temporary folder (its real path, so it compares equal to what a child process sees), removed at the next cleanup. */
  tempDir(prefix = 'hexagent-test-'): string {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
    this.defer(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** Releases everything made since the last cleanup, last made first. */
  async cleanup(): Promise<void> {
    for (const release of this.#releases.splice(0).reverse()) {
      try {
        await release();
      } catch {
        // A failed release must not hide the test's own result, nor stop the other releases.
      }
    }
  }
}
