import { AbortError } from '../errors/abort-error.js';
import { onAbort } from '../util/on-abort.js';

/** The official SDK's abort message (0.3.332) while the CLI runs. */
export const ABORTED_BY_USER = 'Claude Code process aborted by user';
/** The official SDK's abort message (0.3.332) when the controller had aborted before the query started. */
export const ABORTED_BEFORE_START = 'Operation aborted';

/** What a session does when its `abortController` aborts. */
export interface AbortReactions {
  /** The controller had aborted before the session was made: end it at once, with `error`. */
  endAtOnce(error: AbortError): void;
  /** The controller aborts later: abort the session with `error`. */
  abort(error: AbortError): void;
}

/**
 * Ties a session to `options.abortController`: an already aborted controller ends it at once, a
 * later abort aborts it; both with an `AbortError` whose cause is the signal's reason. Returns what
 * takes the listener off the signal (undefined when there is none to take off).
 */
export function listenForAbort(
  abortController: AbortController | undefined,
  reactions: AbortReactions,
): (() => void) | undefined {
  if (abortController === undefined) return undefined;
  const aborted = (message: string) => new AbortError({ message, cause: abortController.signal.reason });
  if (abortController.signal.aborted) {
    reactions.endAtOnce(aborted(ABORTED_BEFORE_START));
    return undefined;
  }
  // Through onAbort: one listener on a signal however many sessions share it, so a "stop
  // everything" controller given to many concurrent queries trips no MaxListeners warning.
  return onAbort(abortController.signal, () => reactions.abort(aborted(ABORTED_BY_USER)));
}
