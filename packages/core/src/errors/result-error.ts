import type { SDKResultMessage } from '../types/messages/result-message.js';
import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ResultError');

/** The prefix of a {@link ResultError}'s message, as the official SDK words it. */
export const ERROR_RESULT_MESSAGE_PREFIX = 'Claude Code returned an error result: ';

/**
 * The run ended on a failed turn: the CLI yielded a `result` with `is_error: true` (an API error such
 * as an unknown model, `error_max_turns`, `error_during_execution`, a refused resume) and then exited
 * with a non-zero code. The query yields that `result` first; then its iteration throws this error,
 * with the official SDK's message, `Claude Code returned an error result: <text>`, where `<text>` is
 * the result's `result` for `subtype: 'success'`, else its `errors` joined with `'; '`. The official
 * SDK throws a plain `Error` with that message; the Python SDK's `ResultError` is this class.
 *
 * @example
 * ```ts
 * try {
 *   for await (const message of query({ prompt: 'hi', options: { maxTurns: 1 } })) console.log(message.type);
 * } catch (error) {
 *   if (ResultError.isInstance(error) && error.result.subtype === 'error_max_turns') console.log('out of turns');
 *   else throw error;
 * }
 * ```
 */
export class ResultError extends HexagentError {
  readonly code = 'ERROR_RESULT' as const;
  /** The `result` message the run failed with (the one yielded just before this error). */
  readonly result: SDKResultMessage;
  /** The CLI's exit code; `undefined` when the CLI did not exit (a turn of a CLI the agent pool keeps). */
  readonly exitCode: number | undefined;
  private readonly [MARKER] = true;

  constructor(options: { result: SDKResultMessage; text: string; exitCode?: number | undefined; cause?: unknown }) {
    super({ message: `${ERROR_RESULT_MESSAGE_PREFIX}${options.text}`, cause: options.cause });
    this.result = options.result;
    this.exitCode = options.exitCode;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ResultError {
    return hasMarker(error, MARKER);
  }
}
