import { InvalidOptionError, type TransportLaunch } from '@hexagent/core';
import type { RelayHello } from './relay-protocol.js';

/**
 * The hello for `launch`: its argv (the same a local CLI runs, from the one launch builder), each
 * flag with its value in one element (`--settings=<json>`, not `--settings <json>`: the only forms
 * the relay accepts are `--name` and `--name=value`), its `remoteEnv` (the variables of
 * `options.env` and the SDK's own: this process's environment never leaves the machine), its
 * `cwd`, and the type of each MCP server the session will configure, so the relay can refuse one
 * its operator does not allow before the CLI starts.
 *
 * @throws InvalidOptionError for a launch that is not vanilla, naming the option that chooses the
 *   local process (`pathToClaudeCodeExecutable`, `executable`, `executableArgs`,
 *   `spawnClaudeCodeProcess`): the relay runs its operator's `cliPath`, so it would do nothing.
 * @example
 * ```ts
 * const hello = buildRelayHello(launch);
 * socket.send(encodeRelayFrame(hello), { binary: true });
 * ```
 */
export function buildRelayHello(launch: TransportLaunch): RelayHello {
  if (launch.localProcessOption !== undefined) {
    throw new InvalidOptionError({
      option: launch.localProcessOption,
      message: "chooses the local CLI process; through a relay the relay's operator picks the CLI (its cliPath)",
    });
  }
  const hello: RelayHello = { type: 'relay_hello', argv: joinFlagValues(launch.args), env: { ...launch.remoteEnv } };
  if (launch.cwd !== undefined) hello.cwd = launch.cwd;
  if (Object.keys(launch.mcpServerTypes).length > 0) hello.mcpServers = { ...launch.mcpServerTypes };
  return hello;
}

/**
 * `--name value` written as `--name=value`. The launch writes a value in its own element only when
 * it does not start with `-`, so an element that does not is the value of the flag before it.
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
