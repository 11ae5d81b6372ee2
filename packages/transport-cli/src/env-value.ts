/**
 * The value of variable `name` in `env`. On Windows names are matched in any letter case, as the
 * system does (a copy of `process.env` there holds `Path`, not `PATH`); elsewhere exactly. A
 * variable set to `undefined` or missing is `undefined`.
 *
 * @example
 * ```ts
 * envValue({ Path: 'C:\\Windows' }, 'PATH', 'win32'); // 'C:\\Windows'
 * ```
 */
export function envValue(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const exact = env[name];
  if (exact !== undefined || platform !== 'win32') return exact;
  const upper = name.toUpperCase();
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && key.toUpperCase() === upper) return value;
  }
  return undefined;
}
