/**
 * How the configs of external MCP servers (stdio, sse, http) reach the CLI (hexagent defaults to
 * `'initialize'`, the official SDK to `'argv'`):
 * - `'initialize'`: inside the `initialize` control request, over the CLI's stdin, with the
 *   `--await-initialize` flag. Nothing of them (commands, `env`, `headers`) is on the command line.
 * - `'argv'`: as JSON in `--mcp-config`, on the command line, where any user of the machine can
 *   read them (`ps`, `/proc/<pid>/cmdline`). Needed only for a CLI too old to read them from
 *   `initialize` (it answers without `mcp_servers_applied`).
 */
export type McpServersDelivery = 'argv' | 'initialize';

/** The default {@link McpServersDelivery}: over stdin, so secrets in `env` and `headers` stay off argv. */
export const DEFAULT_MCP_SERVERS_DELIVERY: McpServersDelivery = 'initialize';

/**
 * The delivery that applies: `mcpServersDelivery`, or {@link DEFAULT_MCP_SERVERS_DELIVERY}; always
 * `'argv'` for a launch given `--sdk-url` (in `extraArgs` or `executableArgs`), as with the official
 * SDK, since such a session cannot read the `initialize` request at launch.
 */
export function effectiveMcpServersDelivery(options: {
  mcpServersDelivery?: McpServersDelivery;
  extraArgs?: Record<string, string | null>;
  executableArgs?: string[];
}): McpServersDelivery {
  const sdkUrl =
    Object.keys(options.extraArgs ?? {}).some((name) => name === 'sdk-url' || name.startsWith('sdk-url=')) ||
    // Read before the options are validated (planMcpServers): a bad `executableArgs` is refused there.
    (Array.isArray(options.executableArgs) ? options.executableArgs : []).some((arg) => /^--sdk-url(=|$)/.test(arg));
  return sdkUrl ? 'argv' : (options.mcpServersDelivery ?? DEFAULT_MCP_SERVERS_DELIVERY);
}
