import { InvalidOptionError, type Options, type TransportLaunch } from '@hexagent/core';
import { buildCliArgs, buildCliEnv, definedEnv } from '@hexagent/transport-cli';
import type { RelayHello } from './relay-protocol.js';

/**
 * The options that choose the local CLI process. The relay's operator picks the CLI, so they would
 * do nothing remotely: refused rather than ignored.
 */
const LOCAL_PROCESS_OPTIONS = [
  'pathToClaudeCodeExecutable',
  'executable',
  'executableArgs',
  'spawnClaudeCodeProcess',
] as const;

/**
 * The hello for `options`: the argv `CliTransport` would run the CLI with (`buildCliArgs`, the same
 * code), each flag with its value in one element (`--settings=<json>`, not `--settings <json>`:
 * the only forms the relay accepts are `--name` and `--name=value`), the environment `buildCliEnv`
 * builds from `options.env` alone (this process's own environment is never sent to the relay), and
 * the type of each MCP server the session will configure, so the relay can refuse one its operator
 * does not allow before the CLI starts. For a session resumed from a store (`launch.resumeConfigDir`)
 * the `CLAUDE_CONFIG_DIR` pointing at that local directory is left out: the relay gives its CLI a
 * directory of its own, holding the transcripts (`resume`, added by the transport when it starts).
 *
 * @throws InvalidOptionError naming the first invalid option, `pathToClaudeCodeExecutable`,
 *   `executable`, `executableArgs` and `spawnClaudeCodeProcess` included (the relay runs its
 *   operator's `cliPath`).
 */
export function buildRelayHello(options: Options, launch: TransportLaunch = {}): RelayHello {
  for (const option of LOCAL_PROCESS_OPTIONS) {
    if (options[option] !== undefined) {
      throw new InvalidOptionError({
        option,
        message: "chooses the local CLI process; through a relay the relay's operator picks the CLI (its cliPath)",
      });
    }
  }
  const env = definedEnv(buildCliEnv(options, {}));
  if (launch.resumeConfigDir !== undefined && env.CLAUDE_CONFIG_DIR === launch.resumeConfigDir) {
    delete env.CLAUDE_CONFIG_DIR;
  }
  const hello: RelayHello = { type: 'relay_hello', argv: joinFlagValues(buildCliArgs(options)), env };
  if (options.cwd !== undefined) hello.cwd = options.cwd;
  const servers = declaredMcpServers(options);
  if (Object.keys(servers).length > 0) hello.mcpServers = servers;
  return hello;
}

/**
 * `--name value` written as `--name=value`. `buildCliArgs` writes a value in its own element only
 * when it does not start with `-` (`separateValueFlag`), so an element that does not is the value
 * of the flag before it.
 */
function joinFlagValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (const arg of argv) {
    const previous = joined[joined.length - 1];
    if (!arg.startsWith('-') && previous?.startsWith('--') === true && !previous.includes('=')) {
      joined[joined.length - 1] = `${previous}=${arg}`;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** The type of every MCP server of `options`, by name: the session's and its agents' inline ones. */
function declaredMcpServers(options: Options): Record<string, string> {
  const servers: Record<string, string> = {};
  const add = (configs: Record<string, { type?: string }>): void => {
    for (const [name, config] of Object.entries(configs)) servers[name] = config.type ?? 'stdio';
  };
  add(options.mcpServers ?? {});
  for (const agent of Object.values(options.agents ?? {})) {
    for (const spec of agent.mcpServers ?? []) if (typeof spec !== 'string') add(spec);
  }
  return servers;
}
