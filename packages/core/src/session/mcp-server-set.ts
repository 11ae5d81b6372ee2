import type { McpServerPort } from '../ports/mcp-server-port.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import { checkMcpServerNames } from './check-session-options.js';

/**
 * The in-process MCP servers of one session, by name (the CLI addresses them by name, so two with
 * the same name are refused with `InvalidOptionError`).
 *
 * @example
 * ```ts
 * const servers = new McpServerSet([calcPort]);
 * servers.byName.get('calc'); // calcPort
 * await servers.manifests(); // Map { 'calc' => { initializeResult, toolsListResult } }
 * ```
 */
export class McpServerSet {
  /** The servers by name, in the order given. */
  readonly byName: ReadonlyMap<string, McpServerPort>;

  constructor(servers: readonly McpServerPort[]) {
    checkMcpServerNames(servers);
    this.byName = new Map(servers.map((server) => [server.name, server]));
  }

  /** The names of the servers, in order. */
  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** The manifests of the servers that have one, by name; all are asked at once. */
  async manifests(): Promise<Map<string, McpServerManifest>> {
    const manifests = new Map<string, McpServerManifest>();
    await Promise.all(
      [...this.byName.values()].map(async (server) => {
        const manifest = await server.manifest();
        if (manifest !== undefined) manifests.set(server.name, manifest);
      }),
    );
    return manifests;
  }

  /** Closes every server; resolves once each has closed or failed to. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.byName.values()].map((server) => server.close()));
  }
}
