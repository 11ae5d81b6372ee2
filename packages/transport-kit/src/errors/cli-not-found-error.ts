import { hasMarker, TransportStartError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.CliNotFoundError');

/**
 * The Claude Code executable could not be found or could not be started (missing, not executable,
 * or its interpreter missing): the `TransportStartError` of `CliTransport` that says so.
 */
export class CliNotFoundError extends TransportStartError {
  override readonly code = 'CLI_NOT_FOUND' as const;
  /** Every path or command that was tried, in order. */
  readonly triedPaths: readonly string[];
  /**
   * Set when `@anthropic-ai/claude-code` is installed but the platform package holding its native
   * binary is not (an install with `--omit=optional`): that package's name, to install.
   */
  readonly missingPlatformPackage?: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  /**
   * @param options.lookedAt the paths the default message lists (default `triedPaths`): a lookup
   * leaves out those that could not have held the CLI (a folder that does not exist).
   * @param options.remote the CLI was looked for on a far side (a daemon's or relay's host): the
   *   message says what to check there; no option of the user's program can fix it.
   */
  constructor(options: {
    message?: string;
    triedPaths: readonly string[];
    lookedAt?: readonly string[];
    missingPlatformPackage?: string;
    remote?: boolean;
    cause?: unknown;
  }) {
    const lookedAt = options.lookedAt ?? options.triedPaths;
    const looked = lookedAt.length > 0 ? ` Looked at: ${lookedAt.join(', ')}.` : '';
    super({
      message:
        options.message ??
        (options.remote === true
          ? 'Claude Code CLI not found on the far side. Check there that it is installed ' +
            '(`npm install -g @anthropic-ai/claude-code`) and on the PATH of the service that starts it, ' +
            `or that the service's configuration names its path.${looked}`
          : undefined) ??
        'Claude Code CLI not found. Install it with `npm install @anthropic-ai/claude-code` (it comes with ' +
          '`@hexagent/sdk` unless optional dependencies were left out), or set `pathToClaudeCodeExecutable` in ' +
          "the options to the CLI's path. A bundled app (esbuild, webpack, ...) finds the CLI only in a " +
          '`node_modules` above the bundle or the working directory: ship the package next to it, or set ' +
          `\`pathToClaudeCodeExecutable\`.${looked}`,
      cause: options.cause,
    });
    this.triedPaths = options.triedPaths;
    if (options.missingPlatformPackage !== undefined) this.missingPlatformPackage = options.missingPlatformPackage;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is CliNotFoundError {
    return hasMarker(error, MARKER);
  }
}
