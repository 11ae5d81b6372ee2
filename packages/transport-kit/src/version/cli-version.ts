import { UnsupportedCliVersionError } from '../errors/unsupported-cli-version-error.js';

/**
 * The Claude Code CLI versions hexagent is tested with: `minimum` is what npm installs for
 * Node.js 20 (newer CLIs need Node.js 22), `maximumTested` the newest on npm, which the packaging
 * test's smoke set runs (the end-to-end suite runs it too). Older CLIs are
 * refused ({@link UnsupportedCliVersionError}); newer ones run.
 */
export const SUPPORTED_CLI_VERSIONS = { minimum: '2.1.197', maximumTested: '2.1.332' } as const;

const VERSION = /^(\d+)\.(\d+)\.(\d+)/;

/** Whether `text` starts with a `major.minor.patch` version. */
export function isCliVersion(text: string): boolean {
  return VERSION.test(text);
}

/** Compares two `major.minor.patch` versions (pre-release tags ignored): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.match(VERSION);
  const pb = b.match(VERSION);
  if (pa === null || pb === null) throw new TypeError(`not a version: ${pa === null ? a : b}`);
  for (let i = 1; i <= 3; i++) {
    const diff = Number(pa[i]) - Number(pb[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Refuses a CLI older than {@link SUPPORTED_CLI_VERSIONS}`.minimum`; a version that is not known
 * (`undefined`: it could not be read) passes, as a newer one does.
 *
 * @param found the version found, e.g. `2.1.332`.
 * @param where the CLI it belongs to, for the message (a path, or `ssh build-box claude`).
 * @param remote the CLI runs elsewhere: the error says to update it there (no local option applies).
 * @throws UnsupportedCliVersionError naming the version found and the minimum.
 */
export function checkCliVersion(found: string | undefined, where: string, remote = false): void {
  if (found !== undefined && compareVersions(found, SUPPORTED_CLI_VERSIONS.minimum) < 0) {
    throw new UnsupportedCliVersionError({ found, minimum: SUPPORTED_CLI_VERSIONS.minimum, cliPath: where, remote });
  }
}

/**
 * The version in what `claude --version` prints (`2.1.332 (Claude Code)`), or `undefined` when
 * the text holds none (a stand-in, another program).
 */
export function parseCliVersion(output: string): string | undefined {
  return output.trim().match(VERSION)?.[0];
}

/**
 * The version check of a transport whose CLI runs elsewhere, where no manifest can be read: asks
 * the far side (`ask(['--version'])` runs the CLI there with those arguments and resolves with its
 * output), then {@link checkCliVersion}. A transport calls it in `start()` before it starts the
 * CLI for the session (once per far side is enough: cache the answer).
 *
 * @param where the CLI on the far side, for the message.
 * @returns the version found, or `undefined` when the output holds none (then nothing is refused).
 * @throws UnsupportedCliVersionError when the far side's CLI is older than the minimum.
 * @throws what `ask` throws (the far side cannot be reached, the CLI is missing there).
 * @example
 * ```ts
 * await askCliVersion((args) => run('ssh', ['build-box', 'claude', ...args]), 'ssh build-box claude');
 * ```
 */
export async function askCliVersion(
  ask: (args: readonly string[]) => Promise<string>,
  where: string,
): Promise<string | undefined> {
  const found = parseCliVersion(await ask(['--version']));
  checkCliVersion(found, where, true);
  return found;
}
