import type {
  McpSdkServerConfigWithInstance,
  McpServerConfigForProcessTransport,
} from '../types/mcp/mcp-server-config.js';
import { effectiveMcpServersDelivery, type McpServersDelivery } from '../types/mcp/mcp-servers-delivery.js';
import type { Options } from '../types/options.js';
import { checkMcpServers, type McpServerWarning, mcpServerWarnings } from './check-mcp-servers.js';
import { classifyMcpServers, declaredMcpServerTypes } from './classify-mcp-servers.js';

/** The MCP options {@link planMcpServers} reads. */
export type McpServerOptions = Pick<
  Options,
  'mcpServers' | 'mcpServersDelivery' | 'agents' | 'extraArgs' | 'executableArgs'
>;

/**
 * Everything a session derives from its MCP options, computed once where the session is composed
 * and passed as data to the launch (`--mcp-config`, the servers' types, the warnings) and to the
 * session (the in-process servers, what `initialize` carries): no layer reads `mcpServers` again.
 */
export interface McpServerPlan {
  /** The in-process servers (`type: 'sdk'` with an `instance`), by name, in the order given. */
  readonly inProcess: Readonly<Record<string, McpSdkServerConfigWithInstance>>;
  /** The servers the CLI runs, as it takes them (no `instance`), by name; `undefined` when none. */
  readonly external: Readonly<Record<string, McpServerConfigForProcessTransport>> | undefined;
  /** How the external servers reach the CLI (`effectiveMcpServersDelivery`). */
  readonly delivery: McpServersDelivery;
  /** The type of every server the session declares, its agents' inline ones too (`declaredMcpServerTypes`). */
  readonly types: Readonly<Record<string, string>>;
  /** What deserves a warning in these options (`mcpServerWarnings`). */
  readonly warnings: readonly McpServerWarning[];
}

/**
 * The one check ({@link checkMcpServers}) and the one split ({@link classifyMcpServers}) of a
 * session's MCP options, with what else is derived from them. Pure.
 *
 * @throws InvalidOptionError (option `mcpServersDelivery`) for a delivery the official SDK refuses too.
 * @example
 * ```ts
 * const plan = planMcpServers({ mcpServers: { calc, docs: { type: 'http', url: 'https://example.test/mcp' } } });
 * plan.inProcess; // { calc }
 * plan.delivery; // 'initialize'
 * ```
 */
export function planMcpServers(options: McpServerOptions): McpServerPlan {
  checkMcpServers(options);
  return uncheckedMcpServerPlan(options);
}

/**
 * {@link planMcpServers} without its check, for a session built without a plan (it checks its
 * options when it starts, so a bad one closes it instead of throwing from its constructor).
 */
export function uncheckedMcpServerPlan(options: McpServerOptions): McpServerPlan {
  const { inProcess, external } = classifyMcpServers(options.mcpServers);
  return {
    inProcess,
    external,
    delivery: effectiveMcpServersDelivery(options),
    types: declaredMcpServerTypes(options),
    warnings: mcpServerWarnings(options),
  };
}

/**
 * The external servers `initialize` carries: `plan.external` when the delivery is `'initialize'`,
 * else `undefined` (they are on the command line, or there are none).
 */
export function externalMcpServersForInitialize(
  plan: Pick<McpServerPlan, 'external' | 'delivery'>,
): Readonly<Record<string, McpServerConfigForProcessTransport>> | undefined {
  return plan.delivery === 'initialize' ? plan.external : undefined;
}
