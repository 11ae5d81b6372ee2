import { flagRefusal } from '../flag-refusal.js';
import { isRecord } from './read-client-line.js';
import type { ScreenPolicy } from './screen-policy.js';

/**
 * The built-in slash commands of Claude Code 2.1.332 that change what the CLI may do when a user
 * message runs them, and how the relay judges each: `/config key=value` writes the relay user's
 * settings (`/config permissionMode=acceptEdits` would start every later CLI in that mode), as
 * `--settings` would; `/model`, `/effort` and `/add-dir` as their flags would. `/permissions`,
 * `/hooks` and `/plugin` (not available in the CLI's SDK mode today) are refused outright. Any
 * other command (a skill, `/compact`, `/context`, `/mcp reconnect`...) passes.
 */
const COMMANDS: Readonly<Record<string, (args: string, policy: ScreenPolicy) => string | undefined>> = {
  config: (args, policy) =>
    args === '' || flagRefusal(policy, 'settings') === undefined
      ? undefined
      : 'settings are not changed by a client of this relay (as --settings is not allowed)',
  model: (args, policy) => (args === '' ? undefined : flagRefusal(policy, 'model', args)),
  effort: (args, policy) => (args === '' ? undefined : flagRefusal(policy, 'effort', args)),
  'add-dir': (args, policy) => flagRefusal(policy, 'add-dir', args),
  permissions: () => 'it changes permission rules',
  hooks: () => 'it changes hooks',
  plugin: () => 'it changes plugins',
  plugins: () => 'it changes plugins',
};

/**
 * Why the slash command a user message runs is refused, or `undefined`. The CLI runs a command
 * written at the start of the message's text (of a string content, or of its last text block);
 * the relay reads every text block, and the text with its leading whitespace removed, so that no
 * spelling of a command gets past it.
 */
export function slashCommandRefusal(message: Record<string, unknown>, policy: ScreenPolicy): string | undefined {
  const content = isRecord(message.message) ? message.message.content : undefined;
  const texts =
    typeof content === 'string'
      ? [content]
      : Array.isArray(content)
        ? content.filter(isRecord).map((block) => (typeof block.text === 'string' ? block.text : ''))
        : [];
  for (const text of texts) {
    const match = /^\/([^\s]+)(?:\s+([\s\S]*))?$/.exec(text.trimStart());
    if (match === null) continue;
    const name = (match[1] as string).toLowerCase();
    const judge = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    const refusal = judge?.((match[2] ?? '').trim(), policy);
    if (refusal !== undefined) return `slash command /${name} is not allowed by this relay: ${refusal}`;
  }
  return undefined;
}
