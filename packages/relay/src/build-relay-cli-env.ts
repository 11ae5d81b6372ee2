import type { ResolvedRelayConfig } from './relay-config.js';

/** The prefix of the relay's own variables (its token, port, host): never passed to a CLI. */
const RELAY_OWN_PREFIX = 'HEXAGENT_RELAY_';

/**
 * The whole environment of a CLI the relay starts, built from allow-lists, never by copying the
 * relay's own: the variables of `processEnv` that `config.inheritEnv` names (a name ending in `*`
 * is a prefix), then the operator's `config.env`, then the client's (already checked against
 * `allowedEnv`), then `extra` (the relay's process-tree marker). Whatever the lists say, the
 * relay's own variables (`HEXAGENT_RELAY_*`) and any variable whose value holds the token are left
 * out, so neither the CLI nor its tools, hooks and MCP servers can read the token from their
 * environment (`tokens`: every token the relay accepts now, the one being replaced included).
 */
export function buildRelayCliEnv(
  config: Pick<ResolvedRelayConfig, 'inheritEnv' | 'env'> & { tokens: readonly string[] },
  clientEnv: Readonly<Record<string, string>>,
  processEnv: Readonly<Record<string, string | undefined>> = process.env,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const exact = new Set(config.inheritEnv.filter((name) => !name.endsWith('*')));
  const prefixes = config.inheritEnv.filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1));
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(processEnv)) {
    if (exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix))) env[name] = value;
  }
  Object.assign(env, config.env, clientEnv, extra);
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (
      value === undefined ||
      name.startsWith(RELAY_OWN_PREFIX) ||
      config.tokens.some((token) => value.includes(token))
    )
      continue;
    result[name] = value;
  }
  return result;
}
