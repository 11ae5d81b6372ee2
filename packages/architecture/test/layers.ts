/**
 * The layers of the workspace, in one table: who may import whom. A package may depend on (and
 * import) packages of a lower layer; within a layer only where `sameLayer` says so. Every workspace
 * package must be in the table, so a new package is placed on purpose.
 */
export interface Layer {
  name: string;
  rank: number;
  /** May a package of this layer depend on another package of the same layer? */
  sameLayer: boolean;
  packages: readonly string[];
}

export const LAYERS: readonly Layer[] = [
  { name: 'core', rank: 0, sameLayer: false, packages: ['@hexagent/core'] },
  // The shared kit, on core alone: the test kit (fakes, the stand-in CLI, conformance suites) and the
  // transport kit (the launch builder, framing, backpressure, errors, version check, relay wire).
  { name: 'kit', rank: 1, sameLayer: false, packages: ['@hexagent/testing', '@hexagent/transport-kit'] },
  // Adapters import core (and the kit), never another adapter.
  {
    name: 'adapters',
    rank: 2,
    sameLayer: false,
    packages: [
      '@hexagent/transport-cli',
      '@hexagent/transport-websocket',
      '@hexagent/mcp-inprocess',
      '@hexagent/session-store-postgres',
      '@hexagent/session-store-redis',
      '@hexagent/sessions',
    ],
  },
  // What composes a session from checked options and explicit factories (no DI container), on the
  // adapters it composes; the doctor, which decides with the same code a query does, on it.
  {
    name: 'composition',
    rank: 3,
    sameLayer: true,
    packages: ['@hexagent/compose', '@hexagent/doctor'],
  },
  // A server that runs CLIs for remote clients, on the CLI adapter and the kit: it never composes a
  // session (no compose, no facade), so what it runs is what a client's hello asked, within policy.
  { name: 'servers', rank: 3, sameLayer: false, packages: ['@hexagent/relay'] },
  // The container, the tokens' registrations, the public entries: wiring only.
  { name: 'facade', rank: 4, sameLayer: false, packages: ['@hexagent/sdk'] },
  // Built on the facade's public entries.
  {
    name: 'above the facade',
    rank: 5,
    sameLayer: true,
    packages: [
      '@hexagent/agent-pool',
      '@hexagent/claude-agent-sdk',
      '@hexagent/queue',
      '@hexagent/drop-in',
      '@hexagent/bench',
      '@hexagent/compat',
      '@hexagent/packaging',
      '@hexagent/architecture',
    ],
  },
  {
    name: 'examples',
    rank: 6,
    sameLayer: true,
    packages: [
      '@hexagent/example-agent-pool',
      '@hexagent/example-approvals-server',
      '@hexagent/example-calculator',
      '@hexagent/example-command-wrapper-transport',
      '@hexagent/example-serverless-handler',
      '@hexagent/example-sessions-server',
    ],
  },
];

/** The layer of `name`, or `undefined` for a package the table does not place. */
export function layerOf(name: string): Layer | undefined {
  return LAYERS.find((layer) => layer.packages.includes(name));
}

/** Whether a package of `from`'s layer may depend on `to` at run time. */
export function mayDependOn(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === undefined || b === undefined || from === to) return false;
  return b.rank < a.rank || (b === a && a.sameLayer);
}
