/**
 * Helpers of the fault tests: stand-in CLIs (`@hexagent/testing/stand-in-cli`) installed in temp
 * dirs and started by the real `CliTransport` through `pathToClaudeCodeExecutable`, so process exits,
 * signals, broken pipes and bad output are real; each plays the scenario its test gives.
 */
import type { SDKMessage } from '@hexagent/sdk';
import { TestScope } from '@hexagent/testing';
import type { InstalledStandInCli, StandInScenario } from '@hexagent/testing/stand-in-cli';

/**
 * What a fault test made (stand-in CLIs, temp dirs, harnesses, clients), released by
 * `afterEach(() => scope.cleanup())`.
 */
export const scope = new TestScope();

/** A fresh temp dir, removed at the next cleanup of {@link scope}. */
export function tempDir(prefix = 'hexagent-reliability-'): string {
  return scope.tempDir(prefix);
}

/**
 * A stand-in CLI playing `scenario`, removed at the next cleanup of {@link scope}. Its `pid()` and
 * `notes()` (argv, then one `received "<type>"` line per message it read) tell what happened;
 * relative paths of the scenario (`waitForFile`, `touch`) are in its `dir`.
 */
export function standInCli(scenario: StandInScenario = {}): InstalledStandInCli {
  return scope.installStandInCli(scenario);
}

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
