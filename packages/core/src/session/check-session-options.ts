import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { checkMcpServers } from '../mcp/check-mcp-servers.js';
import type { McpServerPort } from '../ports/mcp-server-port.js';
import type { Options } from '../types/options.js';
import { checkOptionCombinations } from './check-option-combinations.js';
import { DEFAULT_HOOK_TIMEOUT_MS } from './hook-registrations.js';

/**
 * The checks a session makes on its options before it starts anything, so a bad option leaves
 * nothing running. Throws `InvalidOptionError` naming the first bad option, in this order:
 * the combinations of `checkOptionCombinations`, `hooks` (an event that is not an array of
 * matchers, a matcher whose `hooks` is not an array of callbacks: the official SDK refuses both,
 * for every event), the hexagent-only `hookTimeoutMs` (when there are hooks), then `mcpServersDelivery` (`checkMcpServers`: the official SDK refuses an unknown one too). Hook events this
 * release does not know, and matchers' `timeout`s, go to the CLI as given, as the official SDK
 * sends them: the CLI decides. `mcpServersChecked`: `planMcpServers` checked them already.
 *
 * @example
 * ```ts
 * checkSessionOptions({ hooks: { NewEvent: [] } }); // passes: the CLI decides
 * checkSessionOptions({ mcpServersDelivery: 'stdin' as never }); // throws: option 'mcpServersDelivery'
 * ```
 */
export function checkSessionOptions(options: Options, checked: { mcpServersChecked?: boolean } = {}): void {
  checkOptionCombinations(options);
  if (options.hooks !== undefined) checkHooks(options);
  // A session composed with `planMcpServers` had them checked there: each rule runs once.
  if (checked.mcpServersChecked !== true) checkMcpServers(options);
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
  // As the official SDK refuses them (its messages): the CLI could not be told these hooks.
  for (const [event, matchers] of Object.entries(options.hooks ?? {}) as [string, unknown][]) {
    if (!matchers) continue;
    if (!Array.isArray(matchers)) {
      throw new InvalidOptionError({
        option: `hooks.${event}`,
        message: `hooks.${event} must be an array of matchers`,
      });
    }
    matchers.forEach((matcher: unknown, index) => {
      if (!Array.isArray((matcher as { hooks?: unknown } | null)?.hooks)) {
        throw new InvalidOptionError({
          option: `hooks.${event}`,
          message: `hooks.${event}[${index}].hooks must be an array of callbacks`,
        });
      }
    });
  }
  const defaultTimeoutMs = options.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  if (!isPositiveNumber(defaultTimeoutMs)) {
    throw new InvalidOptionError({
      option: 'hookTimeoutMs',
      message: `must be a positive number of milliseconds, got ${String(defaultTimeoutMs)}`,
    });
  }
}

function isPositiveNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
