import { factoriesOf, type SessionFactories, transportFactoryOf } from '@hexagent/compose';
import type { Options, TransportFactory } from '@hexagent/core';
import { type DependencyContainer, getDefaultContainer } from '@hexagent/sdk';
import type { AdmissionTicket } from './admission-ledger.js';
import { TrackedTransport } from './tracked-transport.js';

/**
 * The factories a pool's CLIs are composed from, one set per ticket: those the pool's container
 * registers (read once), with a transport factory whose transports report their CLI's pid, its
 * answers and its exit to the pool. The transports come from a query's `transport` (in its
 * options), else the profile's, else the container's registered factory.
 */
export class PoolFactories {
  private readonly base: SessionFactories;
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
    this.base = factoriesOf(container ?? getDefaultContainer());
    this.registered = this.base.transportFactory;
    // Checked now; the pool hands the factory to its sessions with their factories.
    transportFactoryOf(profile, this.registered);
  }

  /**
   * The factories of `ticket`'s CLI; `options` are the query's (its `transport`, if any).
   *
   * @throws InvalidOptionError for a `transport` that cannot be used (see `transportFactoryOf`).
   */
  for(ticket: AdmissionTicket, options: Options = {}): SessionFactories {
    const transport = options.transport ?? this.profile.transport;
    const inner = transportFactoryOf({ ...options, ...(transport !== undefined && { transport }) }, this.registered);
    const factory: TransportFactory = (launch) =>
      new TrackedTransport(inner(launch), {
        started: (pid) => this.lifecycle.started(ticket, pid),
        stopped: () => this.lifecycle.stopped(ticket),
        answered: () => this.lifecycle.answered(ticket),
      });
    return { ...this.base, transportFactory: factory };
  }
}
