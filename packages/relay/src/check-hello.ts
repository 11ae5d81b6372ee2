import { realpathSync } from 'node:fs';
import path from 'node:path';
import { projectKeyForPath } from '@hexagent/core';
import type { RelayHello, RelayTranscriptFile } from '@hexagent/transport-websocket';
import { checkArgv } from './check-argv.js';
import { disallowedMcpServer } from './check-mcp-servers.js';
import { checkResume } from './check-resume.js';
import type { HelloRefusal } from './hello-refusal.js';
import type { ResolvedRelayConfig } from './relay-config.js';

/** What the relay runs for an accepted hello. */
export interface AcceptedHello {
  /** The command line: the client's, with the operator's `flagDefaults` added. */
  argv: string[];
  /** The client's variables (each allowed); the relay builds the whole environment from them. */
  env: Record<string, string>;
  /** The working directory, resolved: no symlink in it. The CLI starts here or not at all. */
  cwd: string;
  /** The transcripts of the session to resume (checked paths), when the client sent some. */
  resume?: RelayTranscriptFile[];
}

/**
 * Checks `hello` against what the operator allows, before anything starts: the command line (see
 * `checkArgv`: `--name` / `--name=value` forms of allowed flags, allowed values), every variable in
 * `allowedEnv`, the MCP servers the client says it will configure against
 * `allowClientMcpServers`, the `cwd` inside one of `cwdRoots` once symlinks are resolved, and the
 * transcripts of a session to resume (`checkResume`: paths of one session, in the project of that cwd).
 */
export function checkHello(hello: unknown, config: ResolvedRelayConfig): AcceptedHello | HelloRefusal {
  if (!isHello(hello)) return { reason: 'bad_hello', message: 'the first frame must be a relay_hello' };
  const argv = checkArgv(hello.argv, config);
  if ('reason' in argv) return argv;
  for (const key of Object.keys(hello.env)) {
    if (!config.allowedEnv.has(key))
      return { reason: 'env_not_allowed', message: `variable ${key} is not allowed by this relay` };
  }
  const mcp = disallowedMcpServer(hello.mcpServers ?? {}, config.allowClientMcpServers);
  if (mcp !== undefined) return { reason: 'mcp_server_not_allowed', message: mcp };
  let cwd: string;
  if (hello.cwd === undefined) cwd = realpathOrUndefined(config.cwd) ?? config.cwd;
  else {
    const real = realpathOrUndefined(hello.cwd);
    if (real === undefined || !config.cwdRoots.some((root) => isInside(real, realpathOrUndefined(root)))) {
      return { reason: 'cwd_not_allowed', message: `cwd ${JSON.stringify(hello.cwd)} is not inside an allowed root` };
    }
    cwd = real;
  }
  if (hello.resume === undefined) return { argv, env: hello.env, cwd };
  const resume = checkResume(hello.resume, projectKeyForPath(cwd));
  if ('reason' in resume) return resume;
  return { argv, env: hello.env, cwd, resume };
}

function isHello(value: unknown): value is RelayHello {
  if (typeof value !== 'object' || value === null) return false;
  const hello = value as Partial<RelayHello>;
  return (
    hello.type === 'relay_hello' &&
    Array.isArray(hello.argv) &&
    hello.argv.every((arg) => typeof arg === 'string') &&
    isStringRecord(hello.env) &&
    (hello.cwd === undefined || typeof hello.cwd === 'string') &&
    (hello.mcpServers === undefined || isStringRecord(hello.mcpServers))
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
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
