import type { Options } from '@hexagent/core';
import { isInlineSettings } from './cli-args/merge-sandbox-settings.js';
import { describe, fail, isObject, stringArray } from './validation/option-checks.js';
import { validateModelOptions } from './validation/validate-model-options.js';
import { validateSkills } from './validation/validate-skills.js';

const EXTRA_ARG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Flags the transport owns: overriding them through `extraArgs` would break the framing (the CLI refuses it too). */
const RESERVED_EXTRA_ARGS: readonly string[] = ['output-format', 'input-format'];

/**
 * Refuses, before anything is spawned, only what would fail anyway: what the official SDK itself
 * refuses (`fallbackModel` equal to `model`, `canUseTool` with `permissionPromptToolName`,
 * `sandbox` with a settings file path or with settings that are not JSON, the skill names it
 * refuses, a plugin that is not local, lists that are not arrays
 * where it joins them), and what every supported CLI refuses at start, whatever its version (a
 * `maxBudgetUsd` not above 0, a `taskBudget.total` that is not a positive integer, `sessionId` not a
 * UUID or with `resume`/`continue` but no `forkSession`, `resumeSessionAt` without `resume`,
 * `resumeDropsTurn` without `resumeSessionAt`, an `extraArgs` name that is no flag name, or one of
 * the two flags that frame the stream), and the hexagent-only `maxMessageBytes`. The rest goes to
 * the CLI as the official SDK writes it and the CLI decides: permission modes, setting sources,
 * effort levels and thinking displays grow with each CLI release (packages/drop-in's official-refusals
 * test shows each refusal against the official SDK). Pure: it touches neither the file system nor
 * the environment (`cwd` is checked by the transport; an unknown `mcpServersDelivery`, which the
 * official SDK refuses too, by `planMcpServers`, the one check of the MCP options).
 *
 * @throws InvalidOptionError naming the first offending option.
 */
export function validateCliOptions(options: Options): void {
  validateModelOptions(options);
  if (
    options.maxMessageBytes !== undefined &&
    !(Number.isInteger(options.maxMessageBytes) && options.maxMessageBytes > 0)
  ) {
    fail('maxMessageBytes', `must be a positive integer, got ${describe(options.maxMessageBytes)}`);
  }
  if (options.canUseTool && options.permissionPromptToolName) {
    fail(
      'permissionPromptToolName',
      'cannot be combined with `canUseTool`: permission prompts go either to the callback or to that tool',
    );
  }
  validateSettings(options);
  for (const name of ['allowedTools', 'disallowedTools', 'settingSources'] as const) {
    const list: unknown = options[name];
    if (list !== undefined && !Array.isArray(list)) fail(name, 'must be an array');
  }
  validateSkills(options.skills);
  validatePlugins(options.plugins);
  validateSession(options);
  validateProcess(options);
}

function validateSettings(options: Options): void {
  if (!options.sandbox) return;
  // `settings` wins over an `extraArgs.settings`, as in the command line.
  const settings: unknown = options.settings ? options.settings : options.extraArgs?.['settings'];
  if (typeof settings !== 'string') return;
  if (!isInlineSettings(settings)) {
    fail('sandbox', 'cannot be combined with a `settings` file path: put the sandbox configuration in that file');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(settings.trim());
  } catch {
    fail('settings', 'is not valid JSON, so `sandbox` cannot be merged into it');
  }
  if (!isObject(parsed)) fail('settings', 'must be a JSON object to take `sandbox`');
}

function validatePlugins(plugins: Options['plugins']): void {
  if (plugins === undefined) return;
  if (!Array.isArray(plugins)) fail('plugins', 'must be an array of plugin configs');
  plugins.forEach((plugin: unknown, index) => {
    if (!isObject(plugin) || plugin['type'] !== 'local') {
      fail(`plugins[${index}]`, "must be `{ type: 'local', path }` (only local plugins are supported)");
    }
  });
}

function validateSession(options: Options): void {
  if (options.resumeSessionAt && !options.resume) {
    fail('resumeSessionAt', 'needs `resume`: it names a message of the session being resumed');
  }
  if (options.resumeDropsTurn && !options.resumeSessionAt) {
    fail('resumeDropsTurn', 'needs `resumeSessionAt`: it names the turn that resume drops');
  }
  if (!options.sessionId) return;
  if (!UUID.test(options.sessionId)) {
    fail('sessionId', `must be a UUID (the CLI rejects anything else), got ${describe(options.sessionId)}`);
  }
  if ((options.resume || options.continue === true) && options.forkSession !== true) {
    fail('sessionId', 'with `resume` or `continue` it needs `forkSession: true` (it then names the fork)');
  }
}

function validateProcess(options: Options): void {
  if (options.extraArgs !== undefined) {
    if (!isObject(options.extraArgs)) fail('extraArgs', 'must be an object of flag values by flag name');
    for (const flag of Object.keys(options.extraArgs)) {
      if (!EXTRA_ARG_NAME.test(flag)) {
        fail(`extraArgs.${flag}`, 'a flag name is letters, digits and dashes, without the leading `--`');
      }
      if (RESERVED_EXTRA_ARGS.includes(flag)) {
        fail(`extraArgs.${flag}`, 'is set by the transport and cannot be overridden');
      }
    }
  }
  if (options.executableArgs !== undefined) {
    if (!Array.isArray(options.executableArgs)) fail('executableArgs', 'must be an array of strings');
    stringArray(options.executableArgs, 'executableArgs');
  }
  if (options.spawnClaudeCodeProcess !== undefined && typeof options.spawnClaudeCodeProcess !== 'function') {
    fail('spawnClaudeCodeProcess', 'must be a function');
  }
}
