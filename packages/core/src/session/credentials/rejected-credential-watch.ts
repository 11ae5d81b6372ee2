import { CredentialsRejectedError } from '../../errors/credentials-rejected-error.js';
import type { SDKControlInitializeResponse } from '../../types/control/sdk-control-responses.js';
import type { SDKMessage } from '../../types/messages/sdk-message.js';
import type { Options } from '../../types/options.js';
import { cliCredentialsOf } from './cli-credentials.js';

/** Where the session's messages go (its output queue, or a decorator of it). */
export interface MessageOutput {
  push(message: SDKMessage): void;
}

/** What the watch needs of its session. */
export interface RejectedCredentialWatchContext {
  /** `retryRejectedCredentials: true` turns the watch off. */
  options: Pick<Options, 'retryRejectedCredentials'>;
  /** The CLI's answer to `initialize` (its `account`), once it was asked. */
  initialized: () => Promise<SDKControlInitializeResponse> | undefined;
  /** Ends the session with the error (stops the CLI; the stream throws it after what it yielded). */
  stop: (error: CredentialsRejectedError) => void;
}

/**
 * `output`, watched for the CLI retrying a rejected credential it cannot renew: at the first
 * `system`/`api_retry` message with `error_status: 401`, once it has been passed on, the session is
 * stopped with {@link CredentialsRejectedError} when the CLI's `account` says it authenticates only
 * with an `ANTHROPIC_API_KEY` or `ANTHROPIC_AUTH_TOKEN` (see `cliCredentialsOf`). Those do not
 * recover by retrying, and the CLI would retry for about three minutes. A login the CLI renews is
 * left alone (recorded from CLI 2.1.332: it refreshes a stored login and retries, and ends by
 * itself after two attempts when that fails). `output` itself when `retryRejectedCredentials` is set.
 */
export function watchForRejectedCredentials(
  output: MessageOutput,
  context: RejectedCredentialWatchContext,
): MessageOutput {
  if (context.options.retryRejectedCredentials === true) return output;
  let decided = false;
  return {
    push(message) {
      output.push(message);
      if (decided || !isAuthRetry(message)) return;
      decided = true;
      void context.initialized()?.then(
        (answer) => {
          const credentials = cliCredentialsOf(answer.account ?? {});
          if (credentials.fixed.length === 0 || credentials.renewable) return;
          context.stop(new CredentialsRejectedError({ variables: credentials.fixed, status: 401 }));
        },
        () => {},
      );
    },
  };
}

/** A `system`/`api_retry` message for an HTTP 401. */
function isAuthRetry(message: SDKMessage): boolean {
  return message.type === 'system' && message.subtype === 'api_retry' && message.error_status === 401;
}
