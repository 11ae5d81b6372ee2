import { createRequire } from 'node:module';
import { sep } from 'node:path';
import {
  defaultSessionFactories,
  factoriesOf,
  MCP_SERVER_FACTORY,
  type SessionFactories,
  TRANSPORT_FACTORY,
} from '@hexagent/compose';
import type { McpServerFactory, TransportFactory } from '@hexagent/core';
import { createInProcessMcpServer } from '@hexagent/mcp-inprocess';
import { createCliTransport } from '@hexagent/transport-cli';
import { moduleLocation } from '@hexagent/transport-kit';
import type { DependencyContainer } from 'tsyringe';

export type { DependencyContainer } from 'tsyringe';

const require = createRequire(moduleLocation(import.meta.url));
let rootContainer: DependencyContainer | undefined;
let tsyringePath: string | undefined;

/**
 * tsyringe's root container, loaded with the reflect-metadata polyfill it needs the first time a
 * container is asked for: a query that uses no container needs neither
 * (docs/performance.md#lazy-loading). Both are CommonJS, so they load synchronously, into the same
 * module instance an application's own `import { container } from 'tsyringe'` gets.
 */
function tsyringeRoot(): DependencyContainer {
  if (rootContainer === undefined) {
    require('reflect-metadata');
    rootContainer = (require('tsyringe') as typeof import('tsyringe')).container;
  }
  return rootContainer;
}

/**
 * True once tsyringe is loaded, by this package or by the application (which may have registered
 * adapters on its root container). Resolving tsyringe's path costs the first query ~1.5 ms before
 * the spawn, so it is resolved only when some copy of tsyringe is in the module cache at all.
 */
function tsyringeLoaded(): boolean {
  if (rootContainer !== undefined) return true;
  if (!Object.keys(require.cache).some((file) => file.includes(`${sep}tsyringe${sep}`))) return false;
  try {
    tsyringePath ??= require.resolve('tsyringe');
  } catch {
    // Not resolvable (an app bundled without node_modules): nobody can have loaded it from here.
    return false;
  }
  return require.cache[tsyringePath] !== undefined;
}

/**
 * A fresh child container with the default adapters registered: the Claude Code CLI subprocess
 * transport and the in-process MCP server adapter. Override a registration to swap an adapter.
 *
 * @example
 * ```ts
 * import { createContainer, query, TRANSPORT_FACTORY } from '@hexagent/sdk';
 * import { FakeCliTransport } from '@hexagent/testing';
 *
 * const container = createContainer();
 * const fake = new FakeCliTransport({ autoInitialize: true });
 * container.register(TRANSPORT_FACTORY, { useValue: () => fake });
 * const q = query({ prompt: 'hi' }, container);
 * ```
 */
export function createContainer(parent: DependencyContainer = tsyringeRoot()): DependencyContainer {
  const child = parent.createChildContainer();
  if (!child.isRegistered(TRANSPORT_FACTORY, true)) {
    child.register<TransportFactory>(TRANSPORT_FACTORY, { useValue: createCliTransport });
  }
  if (!child.isRegistered(MCP_SERVER_FACTORY, true)) {
    child.register<McpServerFactory>(MCP_SERVER_FACTORY, { useValue: createInProcessMcpServer });
  }
  return child;
}

let defaultContainer: DependencyContainer | undefined;

/** The container `query()` and `ClaudeClient` use when none is passed. */
export function getDefaultContainer(): DependencyContainer {
  defaultContainer ??= createContainer();
  return defaultContainer;
}

/**
 * The factories a session is composed from, read from `container` (or the default one): the two
 * factories, and the tracer, clock and id source where registered.
 */
export function resolveFactories(container?: DependencyContainer): SessionFactories {
  // Without a container and with tsyringe never loaded, no registration can exist: the default adapters.
  if (container === undefined && defaultContainer === undefined && !tsyringeLoaded()) return defaultSessionFactories();
  return factoriesOf(container ?? getDefaultContainer());
}
