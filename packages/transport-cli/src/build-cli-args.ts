import { DEFAULT_MCP_SERVERS_DELIVERY, type Options } from '@hexagent/core';
import { buildMcpConfig } from './build-mcp-config.js';
import { validateCliOptions } from './validate-cli-options.js';

/** The arguments every session starts with: stream-json both ways, as the official SDK starts it. */
export const BASE_CLI_ARGS: readonly string[] = [
  '--output-format',
  'stream-json',
  '--verbose',
  '--input-format',
  'stream-json',
];

/**
 * The CLI's command line (without the executable) for `options`. Every flag with a value is one
 * argv element in `--flag=value` form, so a value starting with `-` can never be read as a flag.
 * The system prompt, agents, hooks, the permission callback and in-process MCP servers are not
 * here: they travel in the control protocol's `initialize` request. So do external MCP servers
 * (with `--await-initialize`), unless `mcpServersDelivery` is `'argv'`: then they are in
 * `--mcp-config`, where other users of the machine can read them.
 *
 * Pure: it validates first and touches neither the file system nor the environment.
 *
 * @throws InvalidOptionError naming the first invalid option.
 * @example
 * ```ts
 * buildCliArgs({ model: 'claude-sonnet-4-5', maxTurns: 3 });
 * // ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json',
 * //  '--max-turns=3', '--model=claude-sonnet-4-5', '--setting-sources=']
 * ```
 */
export function buildCliArgs(options: Options): string[] {
  validateCliOptions(options);
  const args = [...BASE_CLI_ARGS];
  const flag = (name: string, value: string | number): void => {
    args.push(`--${name}=${value}`);
  };
  const toggle = (name: string, on: boolean | undefined): void => {
    if (on === true) args.push(`--${name}`);
  };

  if (options.maxThinkingTokens !== undefined) flag('max-thinking-tokens', options.maxThinkingTokens);
  if (options.maxTurns !== undefined) flag('max-turns', options.maxTurns);
  if (options.maxBudgetUsd !== undefined) flag('max-budget-usd', options.maxBudgetUsd);
  if (options.model !== undefined) flag('model', options.model);
  if (options.fallbackModel !== undefined) flag('fallback-model', options.fallbackModel);
  if (options.betas !== undefined && options.betas.length > 0) flag('betas', options.betas.join(','));
  if (options.outputFormat?.type === 'json_schema') flag('json-schema', JSON.stringify(options.outputFormat.schema));

  if (typeof options.canUseTool === 'function') flag('permission-prompt-tool', 'stdio');
  else if (options.permissionPromptToolName !== undefined)
    flag('permission-prompt-tool', options.permissionPromptToolName);

  toggle('continue', options.continue);
  if (options.resume !== undefined) flag('resume', options.resume);
  if (options.resumeSessionAt !== undefined) flag('resume-session-at', options.resumeSessionAt);
  toggle('fork-session', options.forkSession);
  if (options.sessionId !== undefined) flag('session-id', options.sessionId);

  if (options.allowedTools !== undefined && options.allowedTools.length > 0) {
    flag('allowedTools', options.allowedTools.join(','));
  }
  if (options.disallowedTools !== undefined && options.disallowedTools.length > 0) {
    flag('disallowedTools', options.disallowedTools.join(','));
  }
  if (options.tools !== undefined) flag('tools', Array.isArray(options.tools) ? options.tools.join(',') : 'default');

  const mcpConfig = buildMcpConfig(options.mcpServers);
  if (mcpConfig !== undefined) {
    // With 'initialize' the Session sends them in the initialize request; the CLI waits for it.
    if ((options.mcpServersDelivery ?? DEFAULT_MCP_SERVERS_DELIVERY) === 'argv') {
      flag('mcp-config', JSON.stringify(mcpConfig));
    } else {
      args.push('--await-initialize');
    }
  }
  toggle('strict-mcp-config', options.strictMcpConfig);

  if (options.permissionMode !== undefined) flag('permission-mode', options.permissionMode);
  toggle('allow-dangerously-skip-permissions', options.allowDangerouslySkipPermissions);
  toggle('include-partial-messages', options.includePartialMessages);

  // No sources unless asked: a user's or project's settings must not change what an SDK app does.
  flag('setting-sources', (options.settingSources ?? []).join(','));
  if (options.settings !== undefined) {
    flag('settings', typeof options.settings === 'string' ? options.settings : JSON.stringify(options.settings));
  }
  for (const dir of options.additionalDirectories ?? []) flag('add-dir', dir);

  for (const [name, value] of Object.entries(options.extraArgs ?? {})) {
    if (value === null) args.push(`--${name}`);
    else flag(name, value);
  }
  return args;
}
