import { InvalidOptionError, type McpServerFactory } from '@hexagent/core';
import {
  isMcpSdkServerFactory,
  isMcpSdkServerLike,
  type McpSdkServerFactory,
  type McpSdkServerLike,
} from './mcp-sdk-server-like.js';
import { McpSdkServerPort } from './mcp-sdk-server-port.js';
import { isSdkMcpServerDefinition, type SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { SdkMcpServerDefinitionPort } from './sdk-mcp-server-definition-port.js';

/** What the `instance` of an in-process server config may be: see {@link createInProcessMcpServer}. */
export type InProcessMcpServerInstance = SdkMcpServerDefinition | McpSdkServerLike | McpSdkServerFactory;

/**
 * The `McpServerFactory` of this adapter: the port (an `InProcessMcpServerPort`) of one in-process
 * server config for one session. Registered by `@hexagent/sdk` as the default `MCP_SERVER_FACTORY`.
 * Cheap: nothing is loaded or connected until the session asks for the manifest or sends the first
 * message. `config.instance` ({@link InProcessMcpServerInstance}) may be:
 * - the `instance` of `createSdkMcpServer` (the usual case), served by hexagent's own tool runner;
 *   one config serves many sessions concurrently;
 * - an `McpServer` or low-level `Server` of `@modelcontextprotocol/sdk`, used as is (connected to
 *   one port at a time);
 * - a function returning a fresh `McpServer`/`Server` (sync or async), called once per port: the
 *   way to share a hand-built server setup among sessions.
 *
 * @throws InvalidOptionError when `config.instance` is none of these.
 *
 * @example
 * ```ts
 * import { createInProcessMcpServer, createSdkMcpServer } from '@hexagent/mcp-inprocess';
 *
 * const calc = createSdkMcpServer({ name: 'calc', tools: [] });
 * const port = createInProcessMcpServer('calc', calc);
 * const manifest = await port.manifest();
 * await port.close();
 * ```
 */
export const createInProcessMcpServer: McpServerFactory = (name, config) => {
  const { instance } = config;
  if (isSdkMcpServerDefinition(instance)) return new SdkMcpServerDefinitionPort(name, instance);
  if (isMcpSdkServerLike(instance)) return new McpSdkServerPort(name, () => instance);
  if (isMcpSdkServerFactory(instance)) return new McpSdkServerPort(name, instance);
  throw new InvalidOptionError({
    option: `mcpServers.${name}.instance`,
    message:
      'expected the instance of createSdkMcpServer(), an McpServer or Server from @modelcontextprotocol/sdk, ' +
      'or a function returning a fresh one',
  });
};
