import { flagRefusal } from './flag-refusal.js';
import type { HelloRefusal } from './hello-refusal.js';
import type { ResolvedRelayConfig } from './relay-config.js';

type ArgvConfig = Pick<ResolvedRelayConfig, 'allowedFlags' | 'allowedFlagValues' | 'flagDefaults' | 'flagForms'>;

/** `--name` or `--name=value`, `name` starting with a letter: the only forms accepted. */
const LONG_FLAG = /^--([A-Za-z][A-Za-z0-9-]*)(?:=([\s\S]*))?$/;

/**
 * Checks a client's command line element by element, reading it as the CLI's parser does, and
 * completes it with the operator's `flagDefaults` for the flags it lacks. Every element must be
 * `--name` or `--name=value` of an allowed flag, in the form the CLI reads that flag
 * (`flagForms`): a flag that takes a value only as `--name=value` (written alone, it would take the
 * next element, whatever it is), a switch only as `--name` (the parser reads `--switch=x` as an
 * unknown option). Refused: single-dash and short options (`-p`, `-disallowedTools`, which the
 * parser reads as `-d` with a value), `--` and every bare element (operands: a prompt, or a
 * subcommand such as `doctor`), and a value outside the flag's `allowedFlagValues`.
 *
 * @returns the command line to run, or why it is refused.
 */
export function checkArgv(argv: readonly string[], config: ArgvConfig): string[] | HelloRefusal {
  const present = new Set<string>();
  for (const arg of argv) {
    const match = LONG_FLAG.exec(arg);
    if (match === null)
      return refuse(`${JSON.stringify(arg)} is not --name or --name=value; only those forms are allowed`);
    const name = match[1] as string;
    const value = match[2];
    if (!config.allowedFlags.has(name)) return refuse(`flag --${name} is not allowed by this relay`);
    const form = config.flagForms[name];
    if (form === 'switch' && value !== undefined) return refuse(`--${name} takes no value: write --${name}`);
    if (form === 'value' && value === undefined) return refuse(`--${name} takes a value: write --${name}=<value>`);
    const refusal = flagRefusal(config, name, value);
    if (refusal !== undefined) return refuse(refusal);
    present.add(name);
  }
  const completed = [...argv];
  for (const [name, value] of Object.entries(config.flagDefaults)) {
    if (!present.has(name)) completed.push(`--${name}=${value}`);
  }
  return completed;
}

function refuse(message: string): HelloRefusal {
  return { reason: 'flag_not_allowed', message };
}
