import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.InvalidOptionError');

/** An option had a value that cannot work; raised before any process is spawned. */
export class InvalidOptionError extends HexagentError {
  readonly code = 'INVALID_OPTION' as const;
  /** The option's name, e.g. `maxTurns` or `mcpServers.calc`. */
  readonly option: string;
  private readonly [MARKER] = true;

  constructor(options: { option: string; message: string }) {
    super({ message: `Invalid option \`${options.option}\`: ${options.message}` });
    this.option = options.option;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is InvalidOptionError {
    return hasMarker(error, MARKER);
  }
}
