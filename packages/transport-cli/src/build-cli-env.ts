/** The variable that tells the CLI which kind of client started it. */
export const ENTRYPOINT_ENV_VAR = 'CLAUDE_CODE_ENTRYPOINT';

/** The entrypoint marker this SDK sets, the one the official TypeScript SDK uses. */
export const SDK_ENTRYPOINT = 'sdk-ts';

/**
 * The environment of the CLI process: `base` (normally `process.env`) overlaid with `overrides`
 * (normally `options.env`). A key set to `undefined` in `overrides` is removed, so a caller can
 * start the CLI with a minimal environment. `CLAUDE_CODE_ENTRYPOINT` is set to `sdk-ts` unless
 * `overrides` names it; an inherited value is replaced, because it describes whichever client
 * started this process (for instance a Claude Code session running the SDK's user), not us.
 *
 * @example
 * ```ts
 * buildCliEnv({ PATH: '/bin', SECRET: 'x' }, { SECRET: undefined, DEBUG: '1' });
 * // { PATH: '/bin', DEBUG: '1', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' }
 * ```
 */
export function buildCliEnv(
  base: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !Object.hasOwn(overrides, key)) env[key] = value;
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) env[key] = value;
  }
  if (!Object.hasOwn(overrides, ENTRYPOINT_ENV_VAR)) env[ENTRYPOINT_ENV_VAR] = SDK_ENTRYPOINT;
  return env;
}
