/** The variable of the CLI's environment that sets the ceiling (the CLI's own wait for background work in print mode). */
export const RUN_END_CEILING_ENV_VAR = 'CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS';

/** The ceiling when the environment sets none: 10 minutes, as the official SDK. */
export const DEFAULT_RUN_END_CEILING_MS = 600_000;

const EXPONENT = /^[+-]?(\d+(\.\d*)?|\.\d+)[eE][+-]?\d+$/;
const GROUPED = /^[+-]?\d{1,3}([_,\u00A0\u202F ])\d{3}(?:\1\d{3})*$/;
const GROUP_SEPARATORS = /[_,\u00A0\u202F ]/g;

/**
 * How long, after a `result`, a session waits for the CLI to report `idle` before it takes the run
 * as ended (and may end the CLI's input): `CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS` of the CLI's
 * environment, read as the official SDK reads it (an integer, also as `6e5` or `600,000`; the
 * leading digits of anything else), else 10 minutes. 0 waits with no limit; a negative or
 * unreadable value gives the default.
 *
 * @example
 * ```ts
 * runEndCeilingMs({ CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS: '0' }); // 0: wait for idle, however long
 * runEndCeilingMs({}); // 600000
 * ```
 */
export function runEndCeilingMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = readInteger(String(env[RUN_END_CEILING_ENV_VAR]).trim());
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_RUN_END_CEILING_MS;
}

function readInteger(text: string): number {
  if (text.length <= 32) {
    if (EXPONENT.test(text)) {
      const value = Number(text);
      return Number.isInteger(value) ? value : Number.NaN;
    }
    if (GROUPED.test(text)) return Number.parseInt(text.replace(GROUP_SEPARATORS, ''), 10);
  }
  return Number.parseInt(text, 10);
}
