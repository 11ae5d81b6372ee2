import type { Options } from '@hexagent/core';
import { isInlineSettings } from './cli-args/merge-sandbox-settings.js';
import {
  describe,
  fail,
  isObject,
  optionalInteger,
  optionalNonEmptyString,
  optionalOneOf,
  stringArray,
  toolList,
} from './validation/option-checks.js';
import { validateMcpServers } from './validation/validate-mcp-servers.js';
import { validateModelOptions } from './validation/validate-model-options.js';
import { validateSkills } from './validation/validate-skills.js';

/** Permission modes the CLI accepts in `--permission-mode`. */
export const PERMISSION_MODES: readonly string[] = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
  'auto',
];

/** Settings sources the CLI accepts in `--setting-sources`. */
export const SETTING_SOURCES: readonly string[] = ['user', 'project', 'local'];

/** Runtimes that may run a JavaScript build of the CLI. */
export const EXECUTABLES: readonly string[] = ['node', 'bun', 'deno'];

const EXTRA_ARG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Flags the transport owns: overriding them through `extraArgs` would break the framing. */
const RESERVED_EXTRA_ARGS: readonly string[] = ['output-format', 'input-format'];

/**
 * Check every option that ends up on the CLI's command line or in its environment, before anything
 * is spawned, so that a bad value fails at once with the option's name instead of as an obscure
 * CLI exit (the official SDK's own refusals included: `fallbackModel` equal to `model`, `canUseTool`
 * with `permissionPromptToolName`, `sandbox` with a settings file path, `sessionId` with `resume` or
 * `continue` but no `forkSession`). Pure: it touches neither the file system nor the environment
 * (`cwd` is checked by the transport).
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
  validatePermissions(options);
  validateSettings(options);

  toolList(options.allowedTools, 'allowedTools');
  toolList(options.disallowedTools, 'disallowedTools');
  if (options.tools !== undefined && !Array.isArray(options.tools)) {
    const tools: unknown = options.tools;
    if (!isObject(tools) || tools['type'] !== 'preset' || tools['preset'] !== 'claude_code') {
      fail('tools', "must be a list of tool names or `{ type: 'preset', preset: 'claude_code' }`");
    }
  } else {
    toolList(options.tools, 'tools');
  }
  validateSkills(options.skills);
  validatePlugins(options.plugins);
  validateMcpServers(options);

  if (options.additionalDirectories !== undefined) {
    if (!Array.isArray(options.additionalDirectories)) fail('additionalDirectories', 'must be an array');
    options.additionalDirectories.forEach((dir, index) => {
      optionalNonEmptyString(dir, `additionalDirectories[${index}]`);
    });
  }
  optionalNonEmptyString(options.projectConfigRoot, 'projectConfigRoot');
  validateSession(options);
  validateProcess(options);
}

function validatePermissions(options: Options): void {
  optionalOneOf(options.permissionMode, PERMISSION_MODES, 'permissionMode');
  if (options.permissionMode === 'bypassPermissions' && options.allowDangerouslySkipPermissions !== true) {
    fail(
      'permissionMode',
      '`bypassPermissions` runs every tool without asking; it also needs `allowDangerouslySkipPermissions: true`',
    );
  }
  if (options.canUseTool !== undefined && typeof options.canUseTool !== 'function') {
    fail('canUseTool', 'must be a function');
  }
  optionalNonEmptyString(options.permissionPromptToolName, 'permissionPromptToolName');
  if (typeof options.canUseTool === 'function' && options.permissionPromptToolName !== undefined) {
    fail(
      'permissionPromptToolName',
      'cannot be combined with `canUseTool`: permission prompts go either to the callback or to that tool',
    );
  }
  optionalOneOf(options.permissionPrompts, ['host', 'none'], 'permissionPrompts');
}

function validateSettings(options: Options): void {
  if (options.settingSources !== undefined) {
    if (!Array.isArray(options.settingSources)) fail('settingSources', 'must be an array');
    options.settingSources.forEach((source, index) => {
      optionalOneOf(source, SETTING_SOURCES, `settingSources[${index}]`);
    });
  }
  for (const name of ['settings', 'managedSettings'] as const) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value === 'string' && name === 'settings') optionalNonEmptyString(value, name);
    else if (!isObject(value))
      fail(name, name === 'settings' ? 'must be a file path or a settings object' : 'must be a settings object');
  }
  if (options.sandbox !== undefined) {
    if (!isObject(options.sandbox)) fail('sandbox', 'must be a sandbox settings object');
    // `settings` wins over an `extraArgs.settings`, as in the command line.
    const settings: unknown = options.settings !== undefined ? options.settings : options.extraArgs?.['settings'];
    if (typeof settings === 'string') inlineSettingsForSandbox(settings);
  }
}

/** `sandbox` is merged into inline settings: a file path cannot take it, and the JSON must parse. */
function inlineSettingsForSandbox(settings: string): void {
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
    optionalNonEmptyString(plugin['path'] ?? '', `plugins[${index}].path`);
  });
}

function validateSession(options: Options): void {
  if (options.continue === true && options.resume !== undefined) {
    fail('continue', 'cannot be combined with `resume`: continue the latest session or resume a given one');
  }
  optionalNonEmptyString(options.resume, 'resume');
  optionalNonEmptyString(options.resumeSessionAt, 'resumeSessionAt');
  if (options.resumeSessionAt !== undefined && options.resume === undefined) {
    fail('resumeSessionAt', 'needs `resume`: it names a message of the session being resumed');
  }
  optionalNonEmptyString(options.resumeDropsTurn, 'resumeDropsTurn');
  if (options.resumeDropsTurn !== undefined && options.resumeSessionAt === undefined) {
    fail('resumeDropsTurn', 'needs `resumeSessionAt`: it names the turn that resume drops');
  }
  optionalNonEmptyString(options.sessionId, 'sessionId');
  if (options.sessionId !== undefined && !UUID.test(options.sessionId)) {
    fail('sessionId', `must be a UUID (the CLI rejects anything else), got ${describe(options.sessionId)}`);
  }
  if (
    options.sessionId !== undefined &&
    (options.resume !== undefined || options.continue === true) &&
    options.forkSession !== true
  ) {
    fail('sessionId', 'with `resume` or `continue` it needs `forkSession: true` (it then names the fork)');
  }
}

function validateProcess(options: Options): void {
  if (options.extraArgs !== undefined) {
    if (!isObject(options.extraArgs)) fail('extraArgs', 'must be an object of flag values by flag name');
    for (const [flag, value] of Object.entries(options.extraArgs)) {
      if (!EXTRA_ARG_NAME.test(flag)) {
        fail(`extraArgs.${flag}`, 'a flag name is letters, digits and dashes, without the leading `--`');
      }
      if (RESERVED_EXTRA_ARGS.includes(flag)) {
        fail(`extraArgs.${flag}`, 'is set by the transport and cannot be overridden');
      }
      if (value !== null && typeof value !== 'string') {
        fail(`extraArgs.${flag}`, 'must be a string, or null for a flag without a value');
      }
    }
  }
  optionalOneOf(options.executable, EXECUTABLES, 'executable');
  if (options.executableArgs !== undefined) {
    if (!Array.isArray(options.executableArgs)) fail('executableArgs', 'must be an array of strings');
    stringArray(options.executableArgs, 'executableArgs');
  }
  optionalNonEmptyString(options.pathToClaudeCodeExecutable, 'pathToClaudeCodeExecutable');
  optionalNonEmptyString(options.cwd, 'cwd');
  optionalNonEmptyString(options.debugFile, 'debugFile');
  if (options.spawnClaudeCodeProcess !== undefined && typeof options.spawnClaudeCodeProcess !== 'function') {
    fail('spawnClaudeCodeProcess', 'must be a function');
  }
  if (options.env !== undefined && !isObject(options.env)) fail('env', 'must be an object of variables');
  optionalInteger(options.loadTimeoutMs, 1, 'loadTimeoutMs');
}
