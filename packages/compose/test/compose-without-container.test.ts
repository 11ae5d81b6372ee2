/**
 * A session composed from explicit factories, with no container: what the facade, the pool and the
 * doctor rely on. tsyringe is never loaded here (this package does not depend on it).
 */
import { createRequire } from 'node:module';
import { FakeCliTransport, resultMessage, TRANSPORT_FACTORY_KEY } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSessionFactories, factoriesOf, startQuery, TRACER, TRANSPORT_FACTORY } from '../src/index.js';

const fakes: FakeCliTransport[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

describe('a query composed from explicit factories', () => {
  it('runs on the given transport factory and yields the CLI messages, with no container loaded', async () => {
    const fake = new FakeCliTransport({ autoInitialize: true, onEndInput: (cli) => cli.finish() });
    fakes.push(fake);
    const q = startQuery({ prompt: 'hi' }, { ...defaultSessionFactories(), transportFactory: () => fake });
    await fake.nextSent((message) => message.type === 'user');
    fake.emit(resultMessage({ result: 'ok', session_id: 's' }));
    const types: string[] = [];
    for await (const message of q) types.push(message.type);
    expect(types).toContain('result');
    const require = createRequire(import.meta.url);
    expect(Object.keys(require.cache).some((file) => file.includes('tsyringe'))).toBe(false);
  });

  it('factoriesOf reads the registrations it is given, the default adapters elsewhere', () => {
    const transportFactory = () => new FakeCliTransport();
    const registered = new Map<symbol, unknown>([[TRANSPORT_FACTORY, transportFactory]]);
    const factories = factoriesOf({
      isRegistered: (token) => registered.has(token),
      resolve: <T>(token: symbol) => registered.get(token) as T,
    });
    expect(factories.transportFactory).toBe(transportFactory);
    // The test kit's fakeCliWiring registers under the same symbol without importing this package.
    expect(TRANSPORT_FACTORY_KEY).toBe(TRANSPORT_FACTORY);
    expect(factories.mcpServerFactory).toBe(defaultSessionFactories().mcpServerFactory);
    expect(factories).not.toHaveProperty('tracer');
    expect(registered.has(TRACER)).toBe(false);
  });
});
