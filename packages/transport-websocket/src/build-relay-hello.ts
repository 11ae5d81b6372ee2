import type { Options } from '@hexagent/core';
import { buildCliArgs, buildCliEnv, definedEnv } from '@hexagent/transport-cli';
import type { RelayHello } from './relay-protocol.js';

/**
 * The hello for `options`: the argv `CliTransport` would run the CLI with (`buildCliArgs`, the same
 * code), and the environment `buildCliEnv` builds from `options.env` alone: this process's own
 * environment is never sent to the relay (the CLI gets the relay's, plus these variables).
 *
 * @throws InvalidOptionError naming the first invalid option.
 */
export function buildRelayHello(options: Options): RelayHello {
  const hello: RelayHello = {
    type: 'relay_hello',
    argv: buildCliArgs(options),
    env: definedEnv(buildCliEnv(options, {})),
  };
  if (options.cwd !== undefined) hello.cwd = options.cwd;
  return hello;
}
