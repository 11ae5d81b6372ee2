import type { Options } from '@hexagent/core';
import { describe, fail } from './option-checks.js';

/** Parentheses and commas would break the `Skill(<name>)` rule; control characters the argv. */
function hasForbiddenCharacter(name: string): boolean {
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '(' || char === ')' || char === ',' || code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Checks `skills` with the official SDK's rules: `'all'`, or a list of names that each become a
 * `Skill(<name>)` permission rule, so they must be non-empty, unpadded, without parentheses, commas
 * or control characters, not a wildcard (`*`, `x:*`, `x *`), not starting with `/`, and without a
 * doubled or trailing backslash.
 */
export function validateSkills(skills: Options['skills']): void {
  if (skills === undefined || skills === 'all') return;
  if (!Array.isArray(skills)) fail('skills', `must be 'all' or a list of skill names, got ${describe(skills)}`);
  skills.forEach((name: unknown, index) => {
    const problem = skillNameProblem(name);
    if (problem !== undefined) fail(`skills[${index}]`, `${problem}, got ${describe(name)}`);
  });
}

function skillNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'must be a non-empty name';
  if (name !== name.trim()) return 'must not start or end with whitespace';
  if (hasForbiddenCharacter(name)) return 'must not contain parentheses, commas or control characters';
  if (name === '*' || name.endsWith(':*') || name.endsWith(' *')) {
    return "must be one skill's exact name (use skills: 'all' for every skill)";
  }
  if (name.startsWith('/')) return "must be the skill's name, not a slash command";
  if (name.includes('\\\\') || name.endsWith('\\')) return 'must not contain a doubled or a trailing backslash';
  return undefined;
}
