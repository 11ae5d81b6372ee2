import type { ResolvedRelayConfig } from './relay-config.js';

/** What {@link flagRefusal} reads of the configuration. */
export type FlagPolicy = Pick<ResolvedRelayConfig, 'allowedFlags' | 'allowedFlagValues'>;

/**
 * Why the operator's command-line policy refuses flag `--name` (with `value`, if given): the flag
 * is not in `allowedFlags`, or the value is outside its `allowedFlagValues` (the sources of
 * `--setting-sources` are checked one by one). `undefined` when allowed. The relay judges by it both
 * a client's command line and what a later message would change to the same effect (a permission
 * mode set by a control request, a model chosen by a slash command).
 */
export function flagRefusal(config: FlagPolicy, name: string, value?: string): string | undefined {
  if (!config.allowedFlags.has(name)) return `flag --${name} is not allowed by this relay`;
  const allowed = config.allowedFlagValues.get(name);
  if (allowed === undefined || value === undefined) return undefined;
  const items = name === 'setting-sources' ? value.split(',') : [value];
  const outside = items.find((item) => !allowed.has(item));
  return outside === undefined
    ? undefined
    : `value ${JSON.stringify(outside)} of --${name} is not allowed by this relay`;
}
