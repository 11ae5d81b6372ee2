/**
 * The flags the SDK writes without a value: those of `buildCliArgs`, and `--await-claim`, the
 * `extraArgs` switch of `prewarm()`. Every other flag `buildCliArgs` writes carries a value, as
 * `--flag=value` or (`separateValueFlag`) in the next element, so the element after one of these
 * is never its value: a checker of command lines (the relay) refuses a bare argument there.
 */
export const CLI_SWITCH_FLAGS = [
  'verbose',
  'debug',
  'continue',
  'strict-mcp-config',
  'allow-dangerously-skip-permissions',
  'include-hook-events',
  'include-partial-messages',
  'session-mirror',
  'await-initialize',
  'fork-session',
  'no-session-persistence',
  'await-claim',
] as const;

/** One of {@link CLI_SWITCH_FLAGS}. */
export type CliSwitchFlag = (typeof CLI_SWITCH_FLAGS)[number];

/** `--name`, a flag without a value; only the names of {@link CLI_SWITCH_FLAGS}, so the list cannot drift. */
export function switchFlag(name: CliSwitchFlag): string {
  return `--${name}`;
}
