/**
 * The `systemPrompt` option. It travels in the `initialize` request:
 * - a string `s`: `systemPrompt: [s]`, the whole system prompt (after the CLI's identity line);
 * - a list of strings: sent as is; a `SYSTEM_PROMPT_DYNAMIC_BOUNDARY` element marks where the part
 *   that may be cached across sessions ends, and the CLI joins the rest into one block;
 * - `{ type: 'custom', prompt, snapshot }`: `systemPrompt` as above, plus `systemPromptSnapshot`;
 * - `{ type: 'preset', preset: 'claude_code', ... }`: no prompt field, so the CLI uses Claude Code's
 *   own prompt, with `append` as `appendSystemPrompt`, `excludeDynamicSections` (the per-user
 *   sections move into the first user message, so the prompt can be cached across users) and
 *   `snapshot` as `systemPromptSnapshot`.
 *
 * `snapshot: true` (the CLI's default where it is enabled) records the rendered prompt in the
 * session and reuses it on every later request and resume; `false` renders it afresh each time.
 */
export type SystemPromptOption =
  | string
  | string[]
  | {
      type: 'custom';
      prompt: string | string[];
      snapshot?: boolean;
    }
  | {
      type: 'preset';
      preset: 'claude_code';
      append?: string;
      excludeDynamicSections?: boolean;
      snapshot?: boolean;
    };
