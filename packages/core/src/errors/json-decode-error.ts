import { hasMarker } from './hexagent-error.js';
import { ProtocolError } from './protocol-error.js';

const MARKER = Symbol.for('hexagent.error.JsonDecodeError');

/** A line from the CLI was not valid JSON (or not a JSON object). */
export class JsonDecodeError extends ProtocolError {
  override readonly code = 'JSON_DECODE_ERROR';
  /** The start of the offending line (at most 200 characters). */
  readonly excerpt: string;
  private readonly [MARKER] = true;

  constructor(options: { line: string; cause?: unknown }) {
    const excerpt = options.line.length > 200 ? `${options.line.slice(0, 200)}…` : options.line;
    super({
      message: `Invalid JSON line from the Claude Code CLI: ${JSON.stringify(excerpt)}`,
      cause: options.cause,
    });
    this.excerpt = excerpt;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is JsonDecodeError {
    return hasMarker(error, MARKER);
  }
}
