/** Bun's crash reporter switch and upload address (the CLI is a Bun binary). */
const CRASH_REPORTING_ENV_VAR = 'BUN_ENABLE_CRASH_REPORTING';
const CRASH_REPORT_URL_ENV_VAR = 'BUN_CRASH_REPORT_URL';

/**
 * `env` with `BUN_ENABLE_CRASH_REPORTING=0` unless `BUN_ENABLE_CRASH_REPORTING` or
 * `BUN_CRASH_REPORT_URL` has a value (names as written; in any letter case on Windows), as official
 * 0.3.332 decides it where it spawns the CLI, with a given `env` too: an empty or `undefined` switch
 * is replaced, a report URL leaves it unset. Changes `env` in place and returns it.
 *
 * @example
 * ```ts
 * withCrashReportingOff({ PATH: '/bin' }); // { PATH: '/bin', BUN_ENABLE_CRASH_REPORTING: '0' }
 * withCrashReportingOff({ BUN_ENABLE_CRASH_REPORTING: '1' }); // unchanged
 * ```
 */
export function withCrashReportingOff<T extends Record<string, string | undefined>>(
  env: T,
  platform: NodeJS.Platform = process.platform,
): T {
  const nameOf = (key: string) => (platform === 'win32' ? key.toUpperCase() : key);
  const keys = Object.keys(env).filter((key) =>
    [CRASH_REPORTING_ENV_VAR, CRASH_REPORT_URL_ENV_VAR].includes(nameOf(key)),
  );
  if (keys.some((key) => env[key])) return env;
  const target = env as Record<string, string | undefined>;
  for (const key of keys) if (nameOf(key) === CRASH_REPORTING_ENV_VAR) delete target[key];
  target[CRASH_REPORTING_ENV_VAR] = '0';
  return env;
}
