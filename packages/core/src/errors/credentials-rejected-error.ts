import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.CredentialsRejectedError');

/** The variables whose credential the CLI cannot renew, which a rejection names. */
export type FixedCredentialVariable = 'ANTHROPIC_API_KEY' | 'ANTHROPIC_AUTH_TOKEN';

/**
 * The API rejected the credential the CLI sends (HTTP 401), and it is one the CLI cannot renew: an
 * `ANTHROPIC_API_KEY` or an `ANTHROPIC_AUTH_TOKEN` from the environment. The CLI would retry each
 * request for minutes (ten attempts with backoff, about three minutes) before its `result`; the
 * session stops it at its first retry of the rejection instead, after yielding that `api_retry`
 * message, and the query throws this error. A login the CLI renews (a stored Claude login,
 * `CLAUDE_CODE_OAUTH_TOKEN`, an `apiKeyHelper`) is left to the CLI. `retryRejectedCredentials: true`
 * lets the CLI retry as the official SDK does.
 *
 * @example
 * ```ts
 * try {
 *   for await (const message of query({ prompt: 'hi' })) console.log(message.type);
 * } catch (error) {
 *   if (CredentialsRejectedError.isInstance(error)) console.error(`Fix ${error.variables.join(' and ')}`);
 *   else throw error;
 * }
 * ```
 */
export class CredentialsRejectedError extends HexagentError {
  readonly code = 'CREDENTIALS_REJECTED' as const;
  /** The variables the CLI authenticated with (what to fix), e.g. `['ANTHROPIC_API_KEY']`. */
  readonly variables: readonly FixedCredentialVariable[];
  /** The HTTP status the API answered (401). */
  readonly status: number;
  private readonly [MARKER] = true;

  /**
   * @param options.variables the variables the CLI authenticated with.
   * @param options.status the HTTP status of the rejection.
   */
  constructor(options: { variables: readonly FixedCredentialVariable[]; status: number; cause?: unknown }) {
    const names = options.variables.join(' and ');
    const kind = options.variables.includes('ANTHROPIC_API_KEY') ? 'API key' : 'auth token';
    super({
      message:
        `Invalid ${kind}: the API rejected ${names} (HTTP ${options.status}), so the query was stopped rather than ` +
        `retried for minutes. Set ${names} to a valid credential in the environment of the query ` +
        "(`options.env`, else this process's); `npx hexagent doctor --check-api` checks it. To let the CLI retry " +
        'anyway, set `retryRejectedCredentials: true`.',
      cause: options.cause,
    });
    this.variables = options.variables;
    this.status = options.status;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is CredentialsRejectedError {
    return hasMarker(error, MARKER);
  }
}
