import { isSdkServerConfig, type McpServerPort, type Options, Session } from '@hexagent/core';
import { type DependencyContainer, resolveFactories } from './container.js';
import { cliProjectsDir } from './session-store/cli-config-dir.js';
import { StoreResumeTransport } from './session-store/store-resume-transport.js';

/**
 * Wire one `Session`: a transport and one MCP port per in-process server, from the factories
 * registered in `container` (the MCP factory also makes the ports of the servers `setMcpServers`
 * adds later). Throws `InvalidOptionError` for options that cannot work, before anything is spawned.
 *
 * With `sessionStore`, the session mirrors the CLI's transcripts under `<CLAUDE_CONFIG_DIR>/projects`;
 * with `resume` or `continue` too, the transport first loads the session from the store
 * ({@link StoreResumeTransport}).
 */
export function createSession(options: Options, container?: DependencyContainer): Session {
  const { transportFactory, mcpServerFactory } = resolveFactories(container);
  const ports: McpServerPort[] = [];
  for (const [name, config] of Object.entries(options.mcpServers ?? {})) {
    if (isSdkServerConfig(config)) ports.push(mcpServerFactory(name, config));
  }
  if (options.sessionStore === undefined) {
    const transport = transportFactory(options);
    return new Session({ transport, mcpServers: ports, options, createMcpServer: mcpServerFactory });
  }
  let projectsDir = cliProjectsDir(options.env ?? process.env);
  const resumes = options.resume !== undefined || options.continue === true;
  const transport = resumes
    ? new StoreResumeTransport(options, transportFactory, (dir) => {
        projectsDir = cliProjectsDir({ CLAUDE_CONFIG_DIR: dir });
      })
    : transportFactory(options);
  let warned = false;
  return new Session({
    transport,
    mcpServers: ports,
    options,
    createMcpServer: mcpServerFactory,
    mirrorProjectsDir: () => projectsDir,
    mirrorWarn: (message) => {
      if (warned) return;
      warned = true;
      process.emitWarning(message, { code: 'HEXAGENT_SESSION_MIRROR_DROPPED' });
    },
  });
}
