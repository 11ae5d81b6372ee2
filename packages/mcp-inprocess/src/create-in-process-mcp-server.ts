import type { McpServerFactory } from '@hexagent/core';
import { InProcessMcpServerPort } from './in-process-mcp-server-port.js';

/**
 * The `McpServerFactory` of this adapter: the port of one in-process server config for one
 * session. Registered by `@hexagent/sdk` as the default `MCP_SERVER_FACTORY`. Cheap: nothing is
 * loaded or connected until the session asks for the manifest or sends the first message.
 *
 * @throws InvalidOptionError when `config.instance` is neither a `createSdkMcpServer` instance, an
 *   MCP SDK `McpServer`/`Server`, nor a function returning one.
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
export const createInProcessMcpServer: McpServerFactory = (name, config) =>
  new InProcessMcpServerPort(name, config.instance);
