/**
 * The options bag of `query()` and `ClaudeClient`: the official agent SDK's `Options` (same names,
 * same types), plus hexagent's few additions ({@link HexagentOptions}). Each group of fields is
 * declared, with how every field reaches the CLI, in its own file under `options/`.
 */

import type { CallbackOptions } from './options/callback-options.js';
import type { ConversationOptions } from './options/conversation-options.js';
import type { HexagentOptions } from './options/hexagent-options.js';
import type { ModelOptions } from './options/model-options.js';
import type { PermissionOptions } from './options/permission-options.js';
import type { ProcessOptions } from './options/process-options.js';
import type { SessionOptions } from './options/session-options.js';
import type { SettingsOptions } from './options/settings-options.js';
import type { ToolOptions } from './options/tool-options.js';

export type { SystemPromptOption } from './options/system-prompt-option.js';

/**
 * Options for a query or a client. Every field is optional, and each reaches the CLI the way the
 * official SDK sends it: a command-line flag, a field of the `initialize` request, an environment
 * variable, or the `--settings` overlay (docs/guide.md has the table).
 *
 * @example
 * ```ts
 * const options: Options = {
 *   model: 'claude-sonnet-4-5',
 *   systemPrompt: { type: 'preset', preset: 'claude_code' },
 *   settingSources: [], // load no settings files
 *   maxTurns: 5,
 * };
 * ```
 */
export interface Options
  extends ProcessOptions,
    ModelOptions,
    ConversationOptions,
    ToolOptions,
    PermissionOptions,
    CallbackOptions,
    SessionOptions,
    SettingsOptions,
    HexagentOptions {}
