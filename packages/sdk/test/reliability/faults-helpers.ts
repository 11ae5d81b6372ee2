/**
 * Helpers of the fault tests: stand-in CLIs (`@hexagent/testing/stand-in-cli`) installed in temp
 * dirs and started by the real `CliTransport` through `pathToClaudeCodeExecutable`, so process exits,
 * signals, broken pipes and bad output are real; each plays the scenario its test gives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SDKMessage } from '@hexagent/sdk';
import { type InstalledStandInCli, installStandInCli, type StandInScenario } from '@hexagent/testing/stand-in-cli';

const tempDirs: string[] = [];
const standIns: InstalledStandInCli[] = [];

/** Remove every stand-in CLI and temp dir the helpers made (call in `afterEach`). */
export function removeStandInClis(): void {
  for (const cli of standIns.splice(0)) cli.remove();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh temp dir, removed by {@link removeStandInClis}. */
export function tempDir(prefix = 'hexagent-reliability-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * A stand-in CLI playing `scenario`, removed by {@link removeStandInClis}. Its `pid()` and `notes()`
 * (argv, then one `received "<type>"` line per message it read) tell what happened; relative paths
 * of the scenario (`waitForFile`, `touch`) are in its `dir`.
 */
export function standInCli(scenario: StandInScenario = {}): InstalledStandInCli {
  const cli = installStandInCli(scenario);
  standIns.push(cli);
  return cli;
}

/**
 * True while a process with this pid exists, a zombie included: the testing kit's `processExists`.
 * A stand-in CLI is a child of the test's process, so a zombie left after the SDK said it was stopped
 * is a CLI whose exit the SDK did not wait for.
 */
export { processExists as isAlive } from '@hexagent/testing';

/**
 * Drain an async iterable; the error that ended it, if any, is returned rather than thrown.
 * `onMessage` sees each message as it arrives.
 */
export async function drain(
  iterable: AsyncIterable<SDKMessage>,
  onMessage?: (message: SDKMessage) => void,
): Promise<{ messages: SDKMessage[]; error: unknown }> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of iterable) {
      messages.push(message);
      onMessage?.(message);
    }
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: undefined };
}

/** A promise that rejects after `ms`, to bound a wait that must not hang. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: still pending after ${ms} ms (a hang)`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
