import type { Options } from '@hexagent/core';
import { valueFlag } from './flag-forms.js';

/**
 * `--allowedTools` (with what `skills` adds: `Skill` for `'all'`, `Skill(<name>)` per listed name,
 * each once), `--disallowedTools` and `--tools` (`[]` → `--tools=`, the preset → `--tools=default`),
 * in that order.
 */
export function toolFlags(options: Options): string[] {
  const args: string[] = [];
  const allowed = withSkills(options.allowedTools ?? [], options.skills);
  if (allowed.length > 0) args.push(valueFlag('allowedTools', allowed.join(',')));
  const disallowed = options.disallowedTools ?? [];
  if (disallowed.length > 0) args.push(valueFlag('disallowedTools', disallowed.join(',')));
  if (options.tools !== undefined) {
    args.push(valueFlag('tools', Array.isArray(options.tools) ? options.tools.join(',') : 'default'));
  }
  return args;
}

function withSkills(allowedTools: readonly string[], skills: Options['skills']): string[] {
  if (skills === undefined) return [...allowedTools];
  const rules = skills === 'all' ? ['Skill'] : skills.map((name) => `Skill(${name})`);
  const present = new Set(allowedTools);
  return [...allowedTools, ...rules.filter((rule) => !present.has(rule))];
}
