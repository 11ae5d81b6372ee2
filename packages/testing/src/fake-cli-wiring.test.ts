import type { TransportFactory, TransportLaunch } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { FakeCliTransport } from './fake-cli-transport.js';
import { fakeCliWiring, TRANSPORT_FACTORY_KEY, type TransportRegistry } from './fake-cli-wiring.js';

/** A container with tsyringe's `register` shape, reading back what was registered. */
class Registry implements TransportRegistry {
  readonly values = new Map<symbol, TransportFactory>();
  register(token: symbol, provider: { useValue: TransportFactory }): void {
    this.values.set(token, provider.useValue);
  }
}

const launch = (cwd: string) => ({ args: [], env: {}, remoteEnv: {}, cwd }) as unknown as TransportLaunch;

describe('fakeCliWiring', () => {
  it('registers under the facade’s TRANSPORT_FACTORY a factory that hands out the fake and records each launch', () => {
    const wiring = fakeCliWiring(() => new Registry());
    const fake = new FakeCliTransport();
    const container = wiring.containerWith(fake);
    expect(TRANSPORT_FACTORY_KEY).toBe(Symbol.for('hexagent.TRANSPORT_FACTORY'));
    const factory = container.values.get(TRANSPORT_FACTORY_KEY);
    expect(factory?.(launch('/a'))).toBe(fake);
    expect(wiring.launches.map((made) => made.cwd)).toEqual(['/a']);
  });

  it('closes every transport it handed out, a fresh one per launch from a maker, and forgets the launches', async () => {
    const wiring = fakeCliWiring(() => new Registry());
    const single = new FakeCliTransport();
    await single.start();
    const factory = wiring.factoryOf(() => new FakeCliTransport());
    const first = factory(launch('/1')) as FakeCliTransport;
    const second = factory(launch('/2')) as FakeCliTransport;
    expect(first).not.toBe(second);
    wiring.containerWith(single);
    await wiring.closeAll();
    expect([single, first, second].map((fake) => fake.state.closed)).toEqual([true, true, true]);
    expect(wiring.launches).toEqual([]);
  });

  it('goes on past a transport whose close fails', async () => {
    const wiring = fakeCliWiring(() => new Registry());
    const failing = new FakeCliTransport();
    failing.close = () => Promise.reject(new Error('close failed'));
    const after = new FakeCliTransport();
    wiring.factoryOf(failing);
    wiring.factoryOf(after);
    await expect(wiring.closeAll()).resolves.toBeUndefined();
    expect(after.state.closed).toBe(true);
  });
});
