import { InvalidOptionError, type Options } from '@hexagent/core';
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
 * code), and the environment `buildCliEnv` builds from `options.env` alone: this process's own
 * environment is never sent to the relay (the CLI gets the relay's, plus these variables).
 *
 * @throws InvalidOptionError naming the first invalid option, `pathToClaudeCodeExecutable`,
 *   `executable`, `executableArgs` and `spawnClaudeCodeProcess` included (the relay runs its
 *   operator's `cliPath`).
 */
export function buildRelayHello(options: Options): RelayHello {
  for (const option of LOCAL_PROCESS_OPTIONS) {
    if (options[option] !== undefined) {
      throw new InvalidOptionError({
        option,
        message: "chooses the local CLI process; through a relay the relay's operator picks the CLI (its cliPath)",
      });
    }
  }
  const hello: RelayHello = {
    type: 'relay_hello',
    argv: buildCliArgs(options),
    env: definedEnv(buildCliEnv(options, {})),
  };
  if (options.cwd !== undefined) hello.cwd = options.cwd;
  return hello;
}
