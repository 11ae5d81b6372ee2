import { InvalidOptionError, type McpServerConfig, type Options } from '@hexagent/core';

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

/** How external MCP server configs may reach the CLI. */
export const MCP_SERVERS_DELIVERIES: readonly string[] = ['initialize', 'argv'];

/** Runtimes that may run a JavaScript build of the CLI. */
export const EXECUTABLES: readonly string[] = ['node', 'bun', 'deno'];

const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const EXTRA_ARG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Flags the transport owns: overriding them through `extraArgs` would break the framing. */
const RESERVED_EXTRA_ARGS: readonly string[] = ['output-format', 'input-format'];

/**
 * Check every option that ends up on the CLI's command line, before anything is spawned, so that
 * a bad value fails at once with the option's name instead of as an obscure CLI exit. Pure: it
 * touches neither the file system nor the environment (`cwd` is checked by the transport).
 *
 * @throws InvalidOptionError naming the first offending option.
 */
export function validateCliOptions(options: Options): void {
  optionalNonEmptyString(options.model, 'model');
  optionalNonEmptyString(options.fallbackModel, 'fallbackModel');
  if (options.fallbackModel !== undefined && options.fallbackModel === options.model) {
    fail('fallbackModel', 'must differ from `model`: it is used when that model is unavailable');
  }

  if (options.maxTurns !== undefined && !(Number.isInteger(options.maxTurns) && options.maxTurns > 0)) {
    fail('maxTurns', `must be a positive integer, got ${describe(options.maxTurns)}`);
  }
  if (
    options.maxBudgetUsd !== undefined &&
    !(typeof options.maxBudgetUsd === 'number' && Number.isFinite(options.maxBudgetUsd) && options.maxBudgetUsd > 0)
  ) {
    fail('maxBudgetUsd', `must be a positive finite number, got ${describe(options.maxBudgetUsd)}`);
  }
  if (
    options.maxThinkingTokens !== undefined &&
    !(Number.isInteger(options.maxThinkingTokens) && options.maxThinkingTokens >= 0)
  ) {
    fail('maxThinkingTokens', `must be a non-negative integer, got ${describe(options.maxThinkingTokens)}`);
  }
  if (
    options.maxMessageBytes !== undefined &&
    !(Number.isInteger(options.maxMessageBytes) && options.maxMessageBytes > 0)
  ) {
    fail('maxMessageBytes', `must be a positive integer, got ${describe(options.maxMessageBytes)}`);
  }

  if (options.permissionMode !== undefined && !PERMISSION_MODES.includes(options.permissionMode)) {
    fail('permissionMode', `must be one of ${PERMISSION_MODES.join(', ')}, got ${describe(options.permissionMode)}`);
  }
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

  if (options.settingSources !== undefined) {
    if (!Array.isArray(options.settingSources)) fail('settingSources', 'must be an array');
    options.settingSources.forEach((source, index) => {
      if (!SETTING_SOURCES.includes(source)) {
        fail(`settingSources[${index}]`, `must be one of ${SETTING_SOURCES.join(', ')}, got ${describe(source)}`);
      }
    });
  }
  if (options.settings !== undefined) {
    if (typeof options.settings === 'string') {
      optionalNonEmptyString(options.settings, 'settings');
    } else if (!isObject(options.settings)) {
      fail('settings', 'must be a file path or a settings object');
    }
  }

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
  toolList(options.betas, 'betas');

  if (options.additionalDirectories !== undefined) {
    if (!Array.isArray(options.additionalDirectories)) fail('additionalDirectories', 'must be an array');
    options.additionalDirectories.forEach((dir, index) => {
      optionalNonEmptyString(dir, `additionalDirectories[${index}]`);
    });
  }

  if (options.continue === true && options.resume !== undefined) {
    fail('continue', 'cannot be combined with `resume`: continue the latest session or resume a given one');
  }
  optionalNonEmptyString(options.resume, 'resume');
  optionalNonEmptyString(options.resumeSessionAt, 'resumeSessionAt');
  if (options.resumeSessionAt !== undefined && options.resume === undefined) {
    fail('resumeSessionAt', 'needs `resume`: it names a message of the session being resumed');
  }
  optionalNonEmptyString(options.sessionId, 'sessionId');
  if (options.sessionId !== undefined && !UUID.test(options.sessionId)) {
    fail('sessionId', `must be a UUID (the CLI rejects anything else), got ${describe(options.sessionId)}`);
  }

  if (options.outputFormat !== undefined) {
    const format: unknown = options.outputFormat;
    if (!isObject(format) || format['type'] !== 'json_schema' || !isObject(format['schema'])) {
      fail('outputFormat', "must be `{ type: 'json_schema', schema: { ... } }`");
    }
  }

  if (options.mcpServers !== undefined) {
    if (!isObject(options.mcpServers)) fail('mcpServers', 'must be an object of server configs by name');
    for (const [name, config] of Object.entries(options.mcpServers)) mcpServer(name, config);
  }
  if (options.mcpServersDelivery !== undefined && !MCP_SERVERS_DELIVERIES.includes(options.mcpServersDelivery)) {
    fail(
      'mcpServersDelivery',
      `must be one of ${MCP_SERVERS_DELIVERIES.join(', ')}, got ${describe(options.mcpServersDelivery)}`,
    );
  }

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

  if (options.executable !== undefined && !EXECUTABLES.includes(options.executable)) {
    fail('executable', `must be one of ${EXECUTABLES.join(', ')}, got ${describe(options.executable)}`);
  }
  if (options.executableArgs !== undefined) {
    if (!Array.isArray(options.executableArgs)) fail('executableArgs', 'must be an array of strings');
    options.executableArgs.forEach((arg, index) => {
      if (typeof arg !== 'string') fail(`executableArgs[${index}]`, 'must be a string');
    });
  }
  optionalNonEmptyString(options.pathToClaudeCodeExecutable, 'pathToClaudeCodeExecutable');
  optionalNonEmptyString(options.cwd, 'cwd');
}

function mcpServer(name: string, config: McpServerConfig): void {
  const option = `mcpServers.${name}`;
  if (!MCP_SERVER_NAME.test(name)) {
    fail(option, 'a server name is 1 to 64 letters, digits, `_` or `-`');
  }
  const value: unknown = config;
  if (!isObject(value)) fail(option, 'must be a server config object');
  const type = value['type'];
  switch (type) {
    case undefined:
    case 'stdio':
      if (typeof value['command'] !== 'string' || value['command'].trim() === '') {
        fail(`${option}.command`, 'a stdio server needs a non-empty `command`');
      }
      stringArray(value['args'], `${option}.args`);
      stringRecord(value['env'], `${option}.env`);
      return;
    case 'sse':
    case 'http':
      if (typeof value['url'] !== 'string' || !isHttpUrl(value['url'])) {
        fail(`${option}.url`, `an ${type} server needs an http(s) \`url\`, got ${describe(value['url'])}`);
      }
      stringRecord(value['headers'], `${option}.headers`);
      return;
    case 'sdk':
      return;
    default:
      fail(`${option}.type`, `must be one of stdio, sse, http, sdk, got ${describe(type)}`);
  }
}

function toolList(list: readonly string[] | undefined, option: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) fail(option, 'must be an array of names');
  list.forEach((item: unknown, index) => {
    if (typeof item !== 'string' || item.trim() === '' || /[,\r\n]/.test(item)) {
      fail(`${option}[${index}]`, `must be a non-empty name without commas or newlines, got ${describe(item)}`);
    }
  });
}

function stringArray(value: unknown, option: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail(option, 'must be an array of strings');
  }
}

function stringRecord(value: unknown, option: string): void {
  if (value === undefined) return;
  if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    fail(option, 'must be an object of string values');
  }
}

function optionalNonEmptyString(value: unknown, option: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.trim() === '') {
    fail(option, `must be a non-empty string, got ${describe(value)}`);
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value);
  }
  return typeof value;
}

function fail(option: string, message: string): never {
  throw new InvalidOptionError({ option, message });
}
