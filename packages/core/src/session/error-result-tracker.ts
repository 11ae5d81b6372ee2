import { ResultError } from '../errors/result-error.js';
import { TransportError } from '../ports/transport-error.js';
import type { SDKResultMessage } from '../types/messages/result-message.js';

/** A failed `result` and the text the error names it by. */
interface ErrorResult {
  result: SDKResultMessage;
  text: string;
}

/**
 * Messages the CLI writes between turns that do not mean the conversation moved on: after them an
 * exit still reports the error result before them (the official SDK's list).
 */
const NEUTRAL_SYSTEM_SUBTYPES = new Set([
  'session_state_changed',
  'post_turn_summary',
  'task_summary',
  'session_metadata',
  'session_writes_lost',
  'plugin_install',
]);
const NEUTRAL_TYPES = new Set(['active_goal', 'autocompact_state']);

/**
 * The text an error result is reported by, as the official SDK picks it: the `result` of a
 * `subtype: 'success'` result with `is_error`, else its `errors`, trimmed, blanks dropped, joined
 * with `'; '`. Empty when there is nothing to say.
 */
export function errorResultText(result: SDKResultMessage): string {
  if (result.subtype === 'success') return result.result ?? '';
  const errors: unknown = (result as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return '';
  return errors
    .filter((error): error is string => typeof error === 'string')
    .map((error) => error.trim())
    .filter(Boolean)
    .join('; ');
}

/**
 * Remembers whether the conversation stands on a failed turn, so that the CLI's exit after it ends
 * the query with a {@link ResultError} as the official SDK's does: the CLI yields a `result` with
 * `is_error: true` and then exits with a non-zero code, and the official SDK throws
 * `Claude Code returned an error result: <text>` in place of the exit's error.
 *
 * The rules are the official SDK's: an error result with text is remembered; any message the
 * caller gets afterwards forgets it, except the status frames that come between turns
 * (`session_state_changed`, summaries, `active_goal`, ...). A successful turn that reached no
 * model (`num_turns: 0`, empty `result`: a local command such as `/clear` after the failure) keeps
 * the failure before it.
 */
export class ErrorResultTracker {
  private last: ErrorResult | undefined;
  /** The failure before a run of model-less turns, which such turns do not forget. */
  private beforeModelLess: ErrorResult | undefined;
  private modelLessTurnEnded = false;

  /** Takes each message given to the caller, in order. */
  observe(given: { type: string }): void {
    if (given.type === 'result') {
      this.onResult(given as SDKResultMessage);
      return;
    }
    const message = given as { type: string; subtype?: unknown };
    if (NEUTRAL_TYPES.has(message.type)) return;
    if (message.type === 'system' && NEUTRAL_SYSTEM_SUBTYPES.has(String(message.subtype))) return;
    this.last = undefined;
    if (message.type === 'system' && message.subtype === 'init') {
      this.modelLessTurnEnded = false;
    } else if (message.type !== 'system' || message.subtype === 'compact_boundary') {
      this.beforeModelLess = undefined;
      this.modelLessTurnEnded = false;
    }
  }

  /** The failure the conversation stands on now, if any. */
  get current(): ErrorResult | undefined {
    return this.last ?? (this.modelLessTurnEnded ? this.beforeModelLess : undefined);
  }

  /**
   * The error the query ends with when the transport ended with `error`: a {@link ResultError}
   * in place of the transport's error (the CLI's exit) when the conversation stands on a failed
   * turn, else `error` itself. Only a transport's error is replaced (an abort is not one).
   */
  endError(error: unknown): unknown {
    const failure = this.current;
    if (failure === undefined || !TransportError.isInstance(error)) return error;
    return new ResultError({ result: failure.result, text: failure.text, exitCode: error.exitCode, cause: error });
  }

  /** A {@link ResultError} for the failure the conversation stands on, without an exit (a kept CLI). */
  pendingError(): ResultError | undefined {
    const failure = this.current;
    return failure === undefined ? undefined : new ResultError({ result: failure.result, text: failure.text });
  }

  private onResult(result: SDKResultMessage): void {
    const text = result.is_error === true ? errorResultText(result) : '';
    this.last = text === '' ? undefined : { result, text };
    this.modelLessTurnEnded =
      result.subtype === 'success' && result.is_error !== true && result.num_turns === 0 && result.result === '';
    if (!this.modelLessTurnEnded) this.beforeModelLess = this.last;
  }
}
