import type { Options } from '@hexagent/core';
import { separateValueFlag } from './flag-forms.js';
import { mergeSandboxSettings } from './merge-sandbox-settings.js';

/**
 * The last flags of the command line: `extraArgs` with `settings` (and `sandbox`, folded into it)
 * as one more entry, `settings`, as the official SDK builds them. `null` gives `--name`; a value
 * (a number or boolean as its text) gives `--name value`, or `--name=value` when it starts with `-`.
 *
 * @throws InvalidOptionError when `sandbox` meets a `settings` file path or invalid JSON.
 */
export function extraArgsFlags(options: Pick<Options, 'extraArgs' | 'settings' | 'sandbox'>): string[] {
  const entries: Record<string, string | number | boolean | null> = { ...(options.extraArgs ?? {}) };
  if (options.settings) {
    entries['settings'] = typeof options.settings === 'string' ? options.settings : JSON.stringify(options.settings);
  }
  if (options.sandbox) {
    const settings = entries['settings'];
    entries['settings'] = mergeSandboxSettings(typeof settings === 'string' ? settings : undefined, options.sandbox);
  }
  const args: string[] = [];
  for (const [name, value] of Object.entries(entries)) {
    if (value === null) args.push(`--${name}`);
    else if (value !== undefined) args.push(...separateValueFlag(name, String(value)));
  }
  return args;
}
