import type { SystemPromptOption } from '../types/options/system-prompt-option.js';

/** The `initialize` fields a `systemPrompt` option becomes, in wire order. */
export interface SystemPromptFields {
  systemPrompt?: string[];
  appendSystemPrompt?: string;
  systemPromptSnapshot?: boolean;
  excludeDynamicSections?: boolean;
}

/**
 * The `initialize` fields for `systemPrompt`, as the official SDK sends them: omitted → an empty
 * custom prompt (`systemPrompt: ['']`, not Claude Code's); a string → a one-element list; a list →
 * as is; a custom prompt → its prompt and `systemPromptSnapshot`; the preset → no prompt field,
 * with `appendSystemPrompt`, `systemPromptSnapshot` and `excludeDynamicSections` when set. Pure.
 *
 * @example
 * ```ts
 * systemPromptFields(undefined); // { systemPrompt: [''] }
 * systemPromptFields({ type: 'preset', preset: 'claude_code', append: 'Be brief.' });
 * // { appendSystemPrompt: 'Be brief.' }
 * ```
 */
export function systemPromptFields(systemPrompt: SystemPromptOption | undefined): SystemPromptFields {
  if (systemPrompt === undefined) return { systemPrompt: [''] };
  if (typeof systemPrompt === 'string') return { systemPrompt: [systemPrompt] };
  if (Array.isArray(systemPrompt)) return { systemPrompt };
  if (systemPrompt.type === 'custom') {
    const { prompt, snapshot } = systemPrompt;
    return definedOnly({
      systemPrompt: typeof prompt === 'string' ? [prompt] : prompt,
      systemPromptSnapshot: snapshot,
    });
  }
  return definedOnly({
    appendSystemPrompt: systemPrompt.append,
    systemPromptSnapshot: systemPrompt.snapshot,
    excludeDynamicSections: systemPrompt.excludeDynamicSections,
  });
}

function definedOnly<T extends object>(fields: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
