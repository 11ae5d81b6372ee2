import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isRelayHello, type RelayRefusalReason } from '@hexagent/transport-kit';
import { checkArgv } from './check-argv.js';
import { disallowedMcpServer } from './check-mcp-servers.js';
import type { ResolvedRelayConfig } from './relay-config.js';

/** Why a hello is refused. */
export interface HelloRefusal {
  reason: RelayRefusalReason;
  message: string;
}

/** What the relay runs for an accepted hello. */
export interface AcceptedHello {
  /** The command line: the client's, with the operator's `flagDefaults` added. */
  argv: string[];
  /** The client's variables (each allowed); the relay builds the whole environment from them. */
  env: Record<string, string>;
  /** The working directory, resolved: no symlink in it. The CLI starts here or not at all. */
  cwd: string;
}

/**
 * Checks `hello` against what the operator allows, before anything starts: the command line (see
 * `checkArgv`: `--name` / `--name=value` forms of allowed flags, allowed values), every variable in
 * `allowedEnv`, the MCP servers the client says it will configure against
 * `allowClientMcpServers`, and the `cwd` inside one of `cwdRoots` once symlinks are resolved.
 */
export function checkHello(hello: unknown, config: ResolvedRelayConfig): AcceptedHello | HelloRefusal {
  if (!isRelayHello(hello)) return { reason: 'bad_hello', message: 'the first frame must be a relay_hello' };
  const argv = checkArgv(hello.argv, config);
  if ('reason' in argv) return argv;
  for (const key of Object.keys(hello.env)) {
    if (!config.allowedEnv.has(key))
      return { reason: 'env_not_allowed', message: `variable ${key} is not allowed by this relay` };
  }
  const mcp = disallowedMcpServer(hello.mcpServers ?? {}, config.allowClientMcpServers);
  if (mcp !== undefined) return { reason: 'mcp_server_not_allowed', message: mcp };
  if (hello.cwd === undefined) return { argv, env: hello.env, cwd: realpathOrUndefined(config.cwd) ?? config.cwd };
  const cwd = realpathOrUndefined(hello.cwd);
  const inside = cwd !== undefined && config.cwdRoots.some((root) => isInside(cwd, realpathOrUndefined(root)));
  if (!inside)
    return { reason: 'cwd_not_allowed', message: `cwd ${JSON.stringify(hello.cwd)} is not inside an allowed root` };
  return { argv, env: hello.env, cwd };
}

function realpathOrUndefined(dir: string): string | undefined {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
}

function isInside(dir: string, root: string | undefined): boolean {
  if (root === undefined) return false;
  const relative = path.relative(root, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
