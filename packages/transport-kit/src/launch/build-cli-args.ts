import { type McpServerPlan, type Options, planMcpServers } from '@hexagent/core';
import { buildMcpConfig } from './build-mcp-config.js';
import { extraArgsFlags } from './cli-args/extra-args-flags.js';
import { separateValueFlag, valueFlag } from './cli-args/flag-forms.js';
import { modelFlags } from './cli-args/model-flags.js';
import { pluginFlags, pluginsInInitialize } from './cli-args/plugin-flags.js';
import { type CliSwitchFlag, switchFlag } from './cli-args/switch-flags.js';
import { toolFlags } from './cli-args/tool-flags.js';
import { validateCliOptions } from './validate-cli-options.js';

/** The arguments every session starts with: stream-json both ways, as the official SDK starts it. */
export const BASE_CLI_ARGS: readonly string[] = [
  '--output-format',
  'stream-json',
  switchFlag('verbose'),
  '--input-format',
  'stream-json',
];

/**
 * The CLI's command line (without the executable and `executableArgs`) for `options`, flag for
 * flag as the official SDK writes it (docs/guide.md lists every option), in its order. A flag with
 * a value is one `--flag=value` element, except `--mcp-config`, `--managed-settings`, `--settings`
 * and `extraArgs`, written `--flag value` unless the value starts with `-`: no value can be read as
 * a flag. The system prompt, agents, hooks and in-process MCP servers travel in the `initialize`
 * request; so do external MCP servers (with `--await-initialize`) unless `mcpServersDelivery` is
 * `'argv'`. With `settingSources` omitted there is no `--setting-sources` flag: the CLI then loads
 * the user, project and local settings, as it does on its own.
 *
 * `mcpServers` is the session's MCP plan when it was made already (`planMcpServers`, which checks
 * and splits them once); by default it is made here.
 *
 * Pure: it validates first (`validateCliOptions`: only what would fail anyway) and touches neither
 * the file system nor the environment. An empty string counts as absent where the official SDK
 * leaves its flag out (`model`, `resume`, `sessionId`, ...).
 *
 * @throws InvalidOptionError naming the first invalid option.
 * @example
 * ```ts
 * buildCliArgs({ model: 'claude-sonnet-4-5', maxTurns: 3, settingSources: [] });
 * // ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json',
 * //  '--max-turns=3', '--model=claude-sonnet-4-5', '--setting-sources=']
 * ```
 */
export function buildCliArgs(options: Options, mcpServers: McpServerPlan = planMcpServers(options)): string[] {
  validateCliOptions(options);
  const args = [...BASE_CLI_ARGS, ...modelFlags(options)];
  // As the official SDK: an empty string is no value, so the flag is left out.
  const flag = (name: string, value: string | number | undefined): void => {
    if (value !== undefined && value !== '') args.push(valueFlag(name, value));
  };
  const toggle = (name: CliSwitchFlag, on: boolean | undefined): void => {
    if (on === true) args.push(switchFlag(name));
  };

  if (options.debugFile) flag('debug-file', options.debugFile);
  else toggle('debug', options.debug);
  if (options.canUseTool) args.push('--permission-prompt-tool=stdio');
  else flag('permission-prompt-tool', options.permissionPromptToolName);
  flag('permission-prompts', options.permissionPrompts);
  // With a store, the facade resolves the latest session itself and passes it as `resume`.
  if (options.sessionStore === undefined) toggle('continue', options.continue);
  flag('resume', options.resume);
  args.push(...toolFlags(options));

  const mcpConfig = buildMcpConfig(mcpServers);
  // With 'initialize' the Session sends them in the initialize request; the CLI waits for it.
  const mcpInInitialize = mcpConfig !== undefined && mcpServers.delivery === 'initialize';
  if (mcpConfig !== undefined && !mcpInInitialize)
    args.push(...separateValueFlag('mcp-config', JSON.stringify(mcpConfig)));
  if (options.settingSources !== undefined) args.push(valueFlag('setting-sources', options.settingSources.join(',')));
  toggle('strict-mcp-config', options.strictMcpConfig);
  flag('permission-mode', options.permissionMode);
  toggle('allow-dangerously-skip-permissions', options.allowDangerouslySkipPermissions);
  flag('fallback-model', options.fallbackModel);
  toggle('include-hook-events', options.includeHookEvents);
  toggle('include-partial-messages', options.includePartialMessages);
  // The CLI then writes `transcript_mirror` frames of what it appended to its transcripts.
  toggle('session-mirror', options.sessionStore !== undefined);
  if (options.projectConfigRoot !== undefined) args.push(valueFlag('project-config-root', options.projectConfigRoot));
  for (const dir of options.additionalDirectories ?? []) args.push(valueFlag('add-dir', dir));
  toggle('await-initialize', mcpInInitialize || pluginsInInitialize(options));
  args.push(...pluginFlags(options));

  toggle('fork-session', options.forkSession);
  flag('resume-session-at', options.resumeSessionAt);
  flag('resume-drops-turn', options.resumeDropsTurn);
  flag('session-id', options.sessionId);
  toggle('no-session-persistence', options.persistSession === false);
  if (options.managedSettings !== undefined) {
    args.push(...separateValueFlag('managed-settings', JSON.stringify(options.managedSettings)));
  }
  args.push(...extraArgsFlags(options));
  return args;
}
