import { InvalidOptionError } from '@hexagent/core';
import { DEFAULT_STDERR_BUFFER_BYTES, DEFAULT_STDERR_BUFFER_LINES } from '@hexagent/transport-kit';

/** Default time each step of `close()` waits for the CLI to exit before escalating, in ms. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 2_000;

/** Default number of inbound messages buffered before reading from the CLI pauses. */
export const DEFAULT_HIGH_WATER_MARK = 1_024;

/** Settings of a `CliTransport` that are not session options. */
export interface CliTransportSettings {
  /**
   * How long each step of `close()` waits, in ms (default {@link DEFAULT_CLOSE_TIMEOUT_MS}): after
   * closing the CLI's input, then after SIGTERM, then after SIGKILL.
   */
  closeTimeoutMs?: number;
  /** Stderr lines kept for `ProcessError.stderrTail` (default 100). */
  stderrBufferLines?: number;
  /** Stderr bytes kept for `ProcessError.stderrTail` (default 16 KiB). */
  stderrBufferBytes?: number;
  /**
   * Inbound messages buffered, unread, before the transport stops reading the CLI's output (and so,
   * through the pipe, slows the CLI down) until the consumer catches up (default
   * {@link DEFAULT_HIGH_WATER_MARK}).
   */
  highWaterMark?: number;
}

/**
 * The settings with their defaults filled in.
 *
 * @throws InvalidOptionError when a setting is out of range.
 */
export function resolveCliTransportSettings(settings: CliTransportSettings): Required<CliTransportSettings> {
  return {
    closeTimeoutMs: positiveSetting(settings.closeTimeoutMs, DEFAULT_CLOSE_TIMEOUT_MS, 'closeTimeoutMs'),
    stderrBufferLines: positiveSetting(
      settings.stderrBufferLines,
      DEFAULT_STDERR_BUFFER_LINES,
      'stderrBufferLines',
      true,
    ),
    stderrBufferBytes: positiveSetting(
      settings.stderrBufferBytes,
      DEFAULT_STDERR_BUFFER_BYTES,
      'stderrBufferBytes',
      true,
    ),
    highWaterMark: positiveSetting(settings.highWaterMark, DEFAULT_HIGH_WATER_MARK, 'highWaterMark', true),
  };
}

function positiveSetting(value: number | undefined, fallback: number, name: string, integer = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new InvalidOptionError({
      option: name,
      message: `must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`,
    });
  }
  return value;
}
