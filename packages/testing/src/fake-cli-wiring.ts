import type { Transport, TransportFactory, TransportLaunch } from '@hexagent/core';

/**
 * The token a container's transport factory is registered under: the facade's `TRANSPORT_FACTORY`,
 * a `Symbol.for` key, so the kit names the same symbol without importing the layers above it.
 */
export const TRANSPORT_FACTORY_KEY: unique symbol = Symbol.for('hexagent.TRANSPORT_FACTORY');

/** What {@link fakeCliWiring} needs of a container: `register` with a value provider (tsyringe's shape). */
export interface TransportRegistry {
  /** Registers `provider.useValue` under `token`. */
  register(token: symbol, provider: { useValue: TransportFactory }): unknown;
}

/** A fake CLI, or anything else a test hands to the session as its transport. */
type TransportOrMaker = Transport | ((launch: TransportLaunch) => Transport);

/** Wires fake CLIs into the sessions a test starts, and closes them after it (see {@link fakeCliWiring}). */
export interface FakeCliWiring<Container> {
  /** Every launch the factories made here were called with, in order. */
  readonly launches: TransportLaunch[];
  /**
   * A transport factory that records the launch and returns `transport` (or what `transport(launch)`
   * returns, for a factory that makes a fresh fake per session); every transport it returns is closed
   * by {@link FakeCliWiring.closeAll}.
   */
  factoryOf(transport: TransportOrMaker): TransportFactory;
  /** A new container whose transport factory is {@link FakeCliWiring.factoryOf}(`transport`). */
  containerWith(transport: TransportOrMaker): Container;
  /** Closes every transport handed out so far and forgets the launches (call it in `afterEach`); a failing close is ignored. */
  closeAll(): Promise<void>;
}

/**
 * The wiring every unit test of a session over the fake CLI writes: a container whose
 * `TRANSPORT_FACTORY` hands out the test's `FakeCliTransport`, the launches it was given, and the
 * cleanup. `createContainer` is the facade's (the kit sits below it and cannot import it).
 *
 * @example
 * ```ts
 * const wiring = fakeCliWiring(createContainer);
 * afterEach(() => wiring.closeAll());
 * const fake = new FakeCliTransport({ autoInitialize: true });
 * const run = query({ prompt: 'hi' }, wiring.containerWith(fake));
 * ```
 */
export function fakeCliWiring<Container extends TransportRegistry>(
  createContainer: () => Container,
): FakeCliWiring<Container> {
  const launches: TransportLaunch[] = [];
  const handedOut: Transport[] = [];
  const factoryOf = (transport: TransportOrMaker): TransportFactory => {
    if (typeof transport !== 'function') handedOut.push(transport);
    return (launch) => {
      launches.push(launch);
      if (typeof transport !== 'function') return transport;
      const made = transport(launch);
      handedOut.push(made);
      return made;
    };
  };
  return {
    launches,
    factoryOf,
    containerWith(transport) {
      const container = createContainer();
      container.register(TRANSPORT_FACTORY_KEY, { useValue: factoryOf(transport) });
      return container;
    },
    async closeAll() {
      launches.length = 0;
      for (const transport of handedOut.splice(0)) await transport.close().catch(() => {});
    },
  };
}
