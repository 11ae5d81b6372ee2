/**
 * `--name=value`, one argv element: the form of every flag with a value except the few that
 * {@link separateValueFlag} writes. A value starting with `-` can never be read as a flag.
 */
export function valueFlag(name: string, value: string | number): string {
  return `--${name}=${value}`;
}

/**
 * `--name value`, two argv elements, as the official SDK writes `--mcp-config`,
 * `--managed-settings`, `--settings` and every `extraArgs` entry; `--name=value` (one element) when
 * the value starts with `-`, so it is never read as a flag.
 */
export function separateValueFlag(name: string, value: string): string[] {
  return value.startsWith('-') ? [valueFlag(name, value)] : [`--${name}`, value];
}
