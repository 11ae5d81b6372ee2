import { projectKeyForPath } from '@hexagent/core';
import { isRelayHello, type RelayTranscriptFile } from '@hexagent/transport-kit';
import { checkArgv } from './check-argv.js';
import { disallowedMcpServer } from './check-mcp-servers.js';
import { checkResume } from './check-resume.js';
import { cwdInsideRoots, realpathOrUndefined } from './cwd-inside-roots.js';
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
  if (!isRelayHello(hello)) return { reason: 'bad_hello', message: 'the first frame must be a relay_hello' };
  const argv = checkArgv(hello.argv, config);
  if ('reason' in argv) return argv;
  for (const key of Object.keys(hello.env)) {
    if (!config.allowedEnv.has(key))
      return { reason: 'env_not_allowed', message: `variable ${key} is not allowed by this relay` };
  }
  const mcp = disallowedMcpServer(Object.entries(hello.mcpServers ?? {}), config.allowClientMcpServers);
  if (mcp !== undefined) return { reason: 'mcp_server_not_allowed', message: mcp };
  let cwd: string;
  if (hello.cwd === undefined) cwd = realpathOrUndefined(config.cwd) ?? config.cwd;
  else {
    const real = cwdInsideRoots(hello.cwd, config.cwdRoots);
    if (real === undefined) {
      return { reason: 'cwd_not_allowed', message: `cwd ${JSON.stringify(hello.cwd)} is not inside an allowed root` };
    }
    cwd = real;
  }
  if (hello.resume === undefined) return { argv, env: hello.env, cwd };
  const resume = checkResume(hello.resume, projectKeyForPath(cwd));
  if ('reason' in resume) return resume;
  return { argv, env: hello.env, cwd, resume };
}
