import { hasMarker, TransportStartError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.CommandNotFoundError');

/**
 * A command a transport runs to reach the CLI (a wrapper such as `ssh` or `docker`, or a runtime)
 * could not be started on this machine: missing, not executable, or a directory. It names that
 * command, not the CLI: installing `@anthropic-ai/claude-code` would not help.
 */
export class CommandNotFoundError extends TransportStartError {
  override readonly code = 'COMMAND_NOT_FOUND' as const;
  /** The command that could not be started, as given to the spawn. */
  readonly command: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { command: string; message?: string; cause?: unknown }) {
    super({
      message:
        options.message ??
        `The command ${JSON.stringify(options.command)} could not be started${reason(options.cause)}: ` +
          'install it, put it on PATH, or give its full path.',
      cause: options.cause,
    });
    this.command = options.command;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is CommandNotFoundError {
    return hasMarker(error, MARKER);
  }
}

function reason(cause: unknown): string {
  const code = errorCode(cause);
  return code === undefined ? '' : ` (${code})`;
}

/** The `code` of a Node.js system error (`ENOENT`), if `error` has one. */
export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
