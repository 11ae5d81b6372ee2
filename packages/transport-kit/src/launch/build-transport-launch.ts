import {
  type LocalProcessHints,
  type McpServerPlan,
  type Options,
  planMcpServers,
  type TransportLaunch,
} from '@hexagent/core';
import { buildCliArgs } from './build-cli-args.js';
import { buildCliEnv, definedEnv } from './build-cli-env.js';
import { warnAboutCliOptions } from './cli-option-warnings.js';
import { secretEnvNames } from './secret-env-names.js';

/** What a launch is built with besides the options: facts of this one launch. */
export interface LaunchContext {
  /**
   * The caller's trace context (`traceparent`, `tracestate`), for the CLI's environment as
   * `TRACEPARENT`/`TRACESTATE` unless `options.env` sets them (see {@link buildCliEnv}).
   */
  traceContext?: Readonly<Record<string, string>> | undefined;
  /** The environment a local CLI inherits when `options.env` is not given; default `process.env`. */
  processEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /**
   * `true` for the CLI of `startup()` or `prewarm()`: its environment (local and remote) asks it
   * for its start-up checkpoints, `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1` unless the environment
   * sets that variable in any letter case, as the official SDK does for those two and not for
   * `query()`. The CLI then writes `keep_alive` lines with a `startup_mark` while it boots; the
   * session keeps the last one for an `InitializeTimeoutError`.
   */
  readsStartupMarks?: boolean | undefined;
  /**
   * The session's MCP servers, checked and split once where it is composed (`planMcpServers`),
   * passed to the session too; made here when not given.
   */
  mcpServers?: McpServerPlan | undefined;
}

/** The options that choose the local process, in the order a refusal names them. */
const LOCAL_PROCESS_OPTIONS = [
  'pathToClaudeCodeExecutable',
  'executable',
  'executableArgs',
  'spawnClaudeCodeProcess',
] as const satisfies ReadonlyArray<keyof LocalProcessHints>;

/**
 * The launch of one CLI for `options`: the one place options become a command line. It checks the
 * options (`validateCliOptions`, through {@link buildCliArgs}: only what would fail anyway), warns
 * about those that deserve a second look (once per process), then builds the argv
 * ({@link buildCliArgs}), the local environment and the one for a CLI elsewhere
 * ({@link buildCliEnv}; a store resume's directory as the local `CLAUDE_CONFIG_DIR`), and records
 * what a transport must know: the options that choose the local process, the MCP servers' types,
 * the secrets among the variables, the abort signal, the stderr callback and the line limit. Pure apart from reading `context.processEnv` (default `process.env`)
 * and this package's version (once).
 *
 * The session's facade calls it once per transport, before the factory; a transport author calls
 * it only in tests (or in the fault hooks of the conformance suite, which hand over options).
 *
 * @throws InvalidOptionError naming the first invalid option.
 * @example
 * ```ts
 * const launch = buildTransportLaunch({ model: 'claude-sonnet-4-5', env: { PATH: '/usr/bin' } });
 * launch.args; // ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--model=claude-sonnet-4-5']
 * launch.remoteEnv; // { PATH: '/usr/bin', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts', ... }
 * ```
 */
export function buildTransportLaunch(options: Options, context: LaunchContext = {}): TransportLaunch {
  const mcpServers = context.mcpServers ?? planMcpServers(options);
  const args = buildCliArgs(options, mcpServers);
  warnAboutCliOptions(options, mcpServers.warnings);
  const { traceContext, readsStartupMarks } = context;
  const env = buildCliEnv(options, context.processEnv ?? process.env, traceContext, { readsStartupMarks });
  const remoteEnv = definedEnv(buildCliEnv(options, {}, undefined, { readsStartupMarks }));
  const localProcess = localProcessHints(options);
  const localProcessOption = LOCAL_PROCESS_OPTIONS.find((name) => localProcess[name] !== undefined);
  const secrets = new Set([...secretEnvNames(env), ...secretEnvNames(remoteEnv)]);
  const signal = options.abortController?.signal;
  // An empty `cwd` is no `cwd`, as in the official SDK.
  const cwd = options.cwd || undefined;
  return {
    args,
    env,
    remoteEnv,
    secretEnvNames: [...secrets].sort(),
    inheritsProcessEnv: options.env === undefined,
    ...(cwd !== undefined && { cwd }),
    vanilla: localProcessOption === undefined,
    localProcess,
    ...(localProcessOption !== undefined && { localProcessOption }),
    mcpServerTypes: { ...mcpServers.types },
    ...(signal !== undefined && { signal }),
    ...(options.stderr !== undefined && { stderr: options.stderr }),
    ...(options.maxMessageBytes !== undefined && { maxMessageBytes: options.maxMessageBytes }),
    ...(traceContext !== undefined && { traceContext }),
  };
}

function localProcessHints(options: Options): LocalProcessHints {
  return {
    ...(options.pathToClaudeCodeExecutable && { pathToClaudeCodeExecutable: options.pathToClaudeCodeExecutable }),
    ...(options.executable && { executable: options.executable }),
    ...(options.executableArgs !== undefined && { executableArgs: options.executableArgs }),
    ...(options.spawnClaudeCodeProcess !== undefined && { spawnClaudeCodeProcess: options.spawnClaudeCodeProcess }),
  };
}
