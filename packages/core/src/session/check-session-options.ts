import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { McpServerPort } from '../ports/mcp-server-port.js';
import { HOOK_EVENTS } from '../types/hooks/hook-events.js';
import { DEFAULT_MCP_SERVERS_DELIVERY } from '../types/mcp/mcp-servers-delivery.js';
import type { Options } from '../types/options.js';
import { checkOptionCombinations } from './check-option-combinations.js';
import { DEFAULT_HOOK_TIMEOUT_MS } from './hook-registrations.js';

/**
 * The checks a session makes on its options before it starts anything, so a bad option leaves
 * nothing running. Throws `InvalidOptionError` naming the first bad option, in this order:
 * the combinations of `checkOptionCombinations`, `hookTimeoutMs` (when there are hooks), then each hook event in order (a known event, then each
 * matcher's `timeout`), then `mcpServersDelivery`.
 *
 * @example
 * ```ts
 * checkSessionOptions({ hooks: { NoSuchEvent: [] } }); // throws: option 'hooks.NoSuchEvent'
 * ```
 */
export function checkSessionOptions(options: Options): void {
  checkOptionCombinations(options);
  if (options.hooks !== undefined) checkHooks(options);
  const delivery = options.mcpServersDelivery ?? DEFAULT_MCP_SERVERS_DELIVERY;
  if (delivery !== 'initialize' && delivery !== 'argv') {
    throw new InvalidOptionError({
      option: 'mcpServersDelivery',
      message: `must be 'initialize' or 'argv', got ${JSON.stringify(delivery)}`,
    });
  }
}

/**
 * Throws `InvalidOptionError` (option `mcpServers.<name>`) when two in-process servers share a name:
 * the CLI addresses them by name.
 */
export function checkMcpServerNames(servers: readonly McpServerPort[]): void {
  const names = new Set<string>();
  for (const server of servers) {
    if (names.has(server.name)) {
      throw new InvalidOptionError({ option: `mcpServers.${server.name}`, message: 'duplicate server name' });
    }
    names.add(server.name);
  }
}

function checkHooks(options: Options): void {
  const defaultTimeoutMs = options.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  if (!isPositiveNumber(defaultTimeoutMs)) {
    throw new InvalidOptionError({
      option: 'hookTimeoutMs',
      message: `must be a positive number of milliseconds, got ${String(defaultTimeoutMs)}`,
    });
  }
  for (const [event, matchers] of Object.entries(options.hooks ?? {})) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      throw new InvalidOptionError({
        option: `hooks.${event}`,
        message: `unknown hook event; known: ${HOOK_EVENTS.join(', ')}`,
      });
    }
    if (matchers === undefined) continue;
    for (let index = 0; index < matchers.length; index++) {
      const timeout = matchers[index]?.timeout;
      if (timeout !== undefined && !isPositiveNumber(timeout)) {
        throw new InvalidOptionError({
          option: `hooks.${event}[${index}].timeout`,
          message: `must be a positive number of seconds, got ${String(timeout)}`,
        });
      }
    }
  }
}

function isPositiveNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
