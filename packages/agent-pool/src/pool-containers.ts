import type { Options, TransportFactory } from '@hexagent/core';
import { type DependencyContainer, getDefaultContainer, TRANSPORT_FACTORY } from '@hexagent/sdk';
import { resolveFactories, transportFactoryOf } from '@hexagent/sdk/adapters';
import type { AdmissionTicket } from './admission-ledger.js';
import { TrackedTransport } from './tracked-transport.js';

/**
 * The containers a pool's CLIs come from, one per ticket: child containers of the pool's whose
 * transports report their CLI's pid, its answers and its exit to the pool. The transports come from a query's
 * `transport` (in its options), else the profile's, else the container's registered factory.
 */
export class PoolContainers {
  private readonly base: DependencyContainer;
  /** The container's transport factory (the profile's or a query's `transport` replaces it). */
  private readonly registered: TransportFactory;

  /** @throws InvalidOptionError for a profile `transport` that cannot be used (see `transportFactoryOf`). */
  constructor(
    container: DependencyContainer | undefined,
    private readonly profile: Options,
    private readonly lifecycle: {
      started(ticket: AdmissionTicket, pid: number | undefined): void;
      stopped(ticket: AdmissionTicket): void;
      /** `ticket`'s CLI answered a turn (an `assistant` message or a `result`). */
      answered(ticket: AdmissionTicket): void;
    },
  ) {
    this.registered = resolveFactories(container).transportFactory;
    // Checked now; the pool hands the factory to its sessions through their container.
    transportFactoryOf(profile, this.registered);
    this.base = container ?? getDefaultContainer();
  }

  /**
   * The container for `ticket`'s CLI; `options` are the query's (its `transport`, if any).
   *
   * @throws InvalidOptionError for a `transport` that cannot be used (see `transportFactoryOf`).
   */
  for(ticket: AdmissionTicket, options: Options = {}): DependencyContainer {
    const transport = options.transport ?? this.profile.transport;
    const inner = transportFactoryOf({ ...options, ...(transport !== undefined && { transport }) }, this.registered);
    const child = this.base.createChildContainer();
    const factory: TransportFactory = (launch) =>
      new TrackedTransport(inner(launch), {
        started: (pid) => this.lifecycle.started(ticket, pid),
        stopped: () => this.lifecycle.stopped(ticket),
        answered: () => this.lifecycle.answered(ticket),
      });
    child.register(TRANSPORT_FACTORY, { useValue: factory });
    return child;
  }
}
