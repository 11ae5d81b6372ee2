import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { McpServerFactory, McpServerPort } from '../ports/mcp-server-port.js';
import type { McpSdkServerConfig, McpSdkServerConfigWithInstance } from '../types/mcp/mcp-server-config.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import { checkMcpServerNames } from './check-session-options.js';

/** What the CLI is told of an in-process server besides its name. */
type SdkServerSettings = Pick<McpSdkServerConfig, 'timeout' | 'tools'>;

/** Where {@link McpServerSet} gets its servers. */
export interface McpServerSetOptions {
  /** The configs the servers were made from, by name: their `timeout` and `tools` reach the CLI. */
  configs?: Readonly<Record<string, unknown>> | undefined;
  /** Makes the port of a server added later (`replace`); without it, adding one is refused. */
  createServer?: McpServerFactory | undefined;
}

/**
 * The in-process MCP servers of one session, by name (the CLI addresses them by name, so two with
 * the same name are refused with `InvalidOptionError`). `replace` changes the set mid-session, as
 * `setMcpServers` asks: the map `byName` is updated in place, so whoever routes by it sees the change.
 *
 * @example
 * ```ts
 * const servers = new McpServerSet([calcPort]);
 * servers.byName.get('calc'); // calcPort
 * await servers.manifests(); // Map { 'calc' => { initializeResult, toolsListResult } }
 * ```
 */
export class McpServerSet {
  private readonly servers: Map<string, McpServerPort>;
  private readonly settings = new Map<string, SdkServerSettings>();
  private readonly removed = new Set<string>();
  private readonly createServer: McpServerFactory | undefined;

  constructor(servers: readonly McpServerPort[], options: McpServerSetOptions = {}) {
    checkMcpServerNames(servers);
    this.servers = new Map(servers.map((server) => [server.name, server]));
    this.createServer = options.createServer;
    for (const name of this.servers.keys()) this.settings.set(name, settingsOf(options.configs?.[name]));
  }

  /**
   * The set of a session: `ports` when given, else one port per server of `inProcess` (the
   * session's in-process servers, split once where it was composed: `planMcpServers`), made by
   * `createServer` in order; none without a factory.
   *
   * @throws InvalidOptionError when the factory refuses a config (the ports made before it are
   *   not closed: nothing has connected them yet).
   */
  static forSession(
    ports: readonly McpServerPort[] | undefined,
    inProcess: Readonly<Record<string, McpSdkServerConfigWithInstance>>,
    createServer: McpServerFactory | undefined,
  ): McpServerSet {
    const made =
      ports ??
      (createServer === undefined ? [] : Object.entries(inProcess).map(([name, config]) => createServer(name, config)));
    return new McpServerSet(made, { configs: inProcess, createServer });
  }

  /** The servers by name, in the order given (servers added later come last). */
  get byName(): ReadonlyMap<string, McpServerPort> {
    return this.servers;
  }

  /** The names of the servers removed by `replace` (and not added again since). */
  get removedNames(): ReadonlySet<string> {
    return this.removed;
  }

  /** The names of the servers, in order. */
  get names(): string[] {
    return [...this.servers.keys()];
  }

  /** The manifests of the servers that have one, by name; all are asked at once. */
  async manifests(): Promise<Map<string, McpServerManifest>> {
    const manifests = new Map<string, McpServerManifest>();
    await Promise.all(
      [...this.servers.values()].map(async (server) => {
        const manifest = await server.manifest();
        if (manifest !== undefined) manifests.set(server.name, manifest);
      }),
    );
    return manifests;
  }

  /**
   * Make the set exactly `configs`: the servers left out are closed (and their names remembered),
   * a port is made for each new one, the others stay as they are (a new `tools` policy replaces
   * theirs). Every new port is made before anything changes, so a config the factory refuses
   * leaves the set as it was. Resolves with each server's config as the CLI sees it.
   *
   * @throws InvalidOptionError when a server is new and no factory was given, or the factory refuses it.
   */
  async replace(
    configs: Readonly<Record<string, McpSdkServerConfigWithInstance>>,
  ): Promise<Record<string, McpSdkServerConfig>> {
    const added = new Map<string, McpServerPort>();
    try {
      for (const [name, config] of Object.entries(configs)) {
        if (!this.servers.has(name)) added.set(name, this.create(name, config));
      }
    } catch (error) {
      await Promise.allSettled([...added.values()].map((server) => server.close()));
      throw error;
    }
    const leaving = [...this.servers.values()].filter((server) => !Object.hasOwn(configs, server.name));
    for (const server of leaving) {
      this.servers.delete(server.name);
      this.settings.delete(server.name);
      this.removed.add(server.name);
    }
    await Promise.allSettled(leaving.map((server) => server.close()));
    const wire: Record<string, McpSdkServerConfig> = {};
    for (const [name, config] of Object.entries(configs)) {
      const port = added.get(name);
      if (port !== undefined) {
        this.servers.set(name, port);
        this.settings.set(name, settingsOf(config));
        this.removed.delete(name);
      } else if (config.tools !== undefined) {
        this.settings.set(name, { ...this.settings.get(name), tools: config.tools });
      }
      wire[name] = { type: 'sdk', name, ...this.settings.get(name) };
    }
    return wire;
  }

  /** Closes every server; resolves once each has closed or failed to. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.servers.values()].map((server) => server.close()));
  }

  private create(name: string, config: McpSdkServerConfigWithInstance): McpServerPort {
    if (this.createServer === undefined) {
      throw new InvalidOptionError({
        option: `mcpServers.${name}`,
        message: 'this session has no MCP server factory, so it cannot add an in-process server',
      });
    }
    return this.createServer(name, config);
  }
}

/** The `timeout` and `tools` of an in-process server config, when it has them. */
function settingsOf(config: unknown): SdkServerSettings {
  if (typeof config !== 'object' || config === null) return {};
  const { timeout, tools } = config as SdkServerSettings;
  return { ...(timeout !== undefined && { timeout }), ...(tools !== undefined && { tools }) };
}
