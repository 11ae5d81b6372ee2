import { hasMarker, TransportStartError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.UnsupportedCliVersionError');

/**
 * The Claude Code CLI found is older than the lowest version hexagent is tested with
 * (`SUPPORTED_CLI_VERSIONS.minimum`): its control protocol may lack what hexagent sends, so it is
 * not started. Raised by `start()`, before spawning.
 */
export class UnsupportedCliVersionError extends TransportStartError {
  override readonly code = 'CLI_VERSION_UNSUPPORTED' as const;
  /** The version found, e.g. `2.1.100`. */
  readonly found: string;
  /** The lowest supported version. */
  readonly minimum: string;
  /** The CLI that was found. */
  readonly cliPath: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  /**
   * @param options.remote the CLI runs elsewhere (a far side, a relay's host): the message says to
   *   update it there, not to set `pathToClaudeCodeExecutable`, which a remote session cannot use.
   */
  constructor(options: { found: string; minimum: string; cliPath: string; remote?: boolean }) {
    const update = `\`npm install @anthropic-ai/claude-code@^${options.minimum}\``;
    super({
      message:
        `Claude Code CLI ${options.found} at ${JSON.stringify(options.cliPath)} is older than ${options.minimum}, ` +
        'the lowest version hexagent supports. ' +
        (options.remote === true
          ? `Update it where it runs (${update} there).`
          : `Update it (${update}), or point \`pathToClaudeCodeExecutable\` at a newer one.`),
    });
    this.found = options.found;
    this.minimum = options.minimum;
    this.cliPath = options.cliPath;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is UnsupportedCliVersionError {
    return hasMarker(error, MARKER);
  }
}
