import type { McpServerConfig, Options } from '@hexagent/core';
import { describe, fail, isHttpUrl, isObject, optionalOneOf, stringArray, stringRecord } from './option-checks.js';

/** How external MCP server configs may reach the CLI. */
export const MCP_SERVERS_DELIVERIES: readonly string[] = ['initialize', 'argv'];

const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks `mcpServers` (names, and each config by its type) and `mcpServersDelivery`. */
export function validateMcpServers(options: Pick<Options, 'mcpServers' | 'mcpServersDelivery'>): void {
  if (options.mcpServers !== undefined) {
    if (!isObject(options.mcpServers)) fail('mcpServers', 'must be an object of server configs by name');
    for (const [name, config] of Object.entries(options.mcpServers)) mcpServer(name, config);
  }
  optionalOneOf(options.mcpServersDelivery, MCP_SERVERS_DELIVERIES, 'mcpServersDelivery');
}

function mcpServer(name: string, config: McpServerConfig): void {
  const option = `mcpServers.${name}`;
  if (!MCP_SERVER_NAME.test(name)) {
    fail(option, 'a server name is 1 to 64 letters, digits, `_` or `-`');
  }
  const value: unknown = config;
  if (!isObject(value)) fail(option, 'must be a server config object');
  const type = value['type'];
  switch (type) {
    case undefined:
    case 'stdio':
      if (typeof value['command'] !== 'string' || value['command'].trim() === '') {
        fail(`${option}.command`, 'a stdio server needs a non-empty `command`');
      }
      stringArray(value['args'], `${option}.args`);
      stringRecord(value['env'], `${option}.env`);
      return;
    case 'sse':
    case 'http':
      if (typeof value['url'] !== 'string' || !isHttpUrl(value['url'])) {
        fail(`${option}.url`, `an ${type} server needs an http(s) \`url\`, got ${describe(value['url'])}`);
      }
      stringRecord(value['headers'], `${option}.headers`);
      return;
    case 'sdk':
      return;
    default:
      fail(`${option}.type`, `must be one of stdio, sse, http, sdk, got ${describe(type)}`);
  }
}
