import { createServer, type Socket } from 'node:net';
import { InvalidOptionError, TranscriptMirrorBatcher } from '@hexagent/core';
import { numberedEntry } from '@hexagent/testing';
import { freePort, startRedisServer } from '@hexagent/testing/servers';
import { createClient } from 'redis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { RedisSessionStore, RedisSessionStoreError } from '../src/index.js';

const url = inject('redisUrl');
const binary = inject('redisBinary');
const stores: RedisSessionStore[] = [];
function store(options: ConstructorParameters<typeof RedisSessionStore>[1] = {}): RedisSessionStore {
  const made = new RedisSessionStore({ url }, options);
  stores.push(made);
  return made;
}
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

describe.skipIf(url === '')('RedisSessionStore (adapter)', () => {
  it('keeps every key of a session under one hash tag, and the project index under its own', async () => {
    const prefix = `tags-${unique()}:`;
    const s = store({ prefix });
    const key = { projectKey: 'tenant/a:{x}', sessionId: 'sess:1' };
    await s.append(key, [numberedEntry(1)]);
    await s.append({ ...key, subpath: 'subagents/agent-1' }, [numberedEntry(2)]);
    const client = createClient({ url });
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    await client.close();
    const tags = new Set(keys.map((k) => /\{([^}]*)\}/.exec(k)?.[1]));
    expect(tags).toEqual(new Set(['tenant%2Fa%3A%7Bx%7D:sess%3A1', 'tenant%2Fa%3A%7Bx%7D']));
    expect(keys.filter((k) => k.endsWith(':sessions'))).toEqual([`${prefix}{tenant%2Fa%3A%7Bx%7D}:sessions`]);
    expect(() => new RedisSessionStore({ url }, { prefix: 'bad{' })).toThrow(InvalidOptionError);
  });

  it('isolates stores by prefix', async () => {
    const [a, b] = [store({ prefix: `a-${unique()}:` }), store({ prefix: `b-${unique()}:` })];
    const key = { projectKey: 'p', sessionId: 's' };
    await a.append(key, [numberedEntry(1)]);
    expect(await b.load(key)).toBeNull();
    expect(await b.listSessions('p')).toEqual([]);
    expect(await a.load(key)).toEqual([numberedEntry(1)]);
  });

  it('expires a session after its TTL and refreshes the TTL on append', async () => {
    // The time is the point (a TTL); the margins leave a busy machine 1.4 s of slack.
    const s = store({ prefix: `ttl-${unique()}:`, ttlSeconds: 3 });
    const key = { projectKey: 'p', sessionId: 's' };
    await s.append(key, [numberedEntry(1)]);
    await s.append({ ...key, subpath: 'subagents/agent-1' }, [numberedEntry(2)]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await s.append(key, [numberedEntry(3)]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // 3.2 s after the first append, 1.6 s after the last: everything is still there.
    expect(await s.load(key)).toHaveLength(2);
    expect(await s.load({ ...key, subpath: 'subagents/agent-1' })).toHaveLength(1);
    // Then the refreshed TTL runs out, for every key of the session.
    const gone = async () => {
      expect(await s.load(key)).toBeNull();
      expect(await s.load({ ...key, subpath: 'subagents/agent-1' })).toBeNull();
      expect(await s.listSessions('p')).toEqual([]);
      expect(await s.listSessionSummaries('p')).toEqual([]);
    };
    await vi.waitFor(gone, { timeout: 15_000, interval: 100 });
  }, 30_000);

  it('leaves a client passed in open', async () => {
    const client = createClient({ url });
    await client.connect();
    const s = new RedisSessionStore({ client }, { prefix: `own-${unique()}:` });
    await s.append({ projectKey: 'p', sessionId: 's' }, [numberedEntry(1)]);
    await s.close();
    expect(await client.ping()).toBe('PONG');
    await client.close();
  });

  it('fails fast with a typed error when the server is down or silent', async () => {
    const refused = new RedisSessionStore(
      { url: `redis://127.0.0.1:${await freePort()}` },
      { operationTimeoutMs: 3_000 },
    );
    const started = Date.now();
    const error = await refused
      .append({ projectKey: 'p', sessionId: 's' }, [numberedEntry(1)])
      .catch((e: unknown) => e);
    expect(RedisSessionStoreError.isInstance(error)).toBe(true);
    expect((error as RedisSessionStoreError).code).toBe('SESSION_STORE_REDIS_FAILED');
    expect((error as Error).message).toMatch(/^Redis session store: append\(\) failed: .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(1_000);
    await refused.close();

    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = new RedisSessionStore(
      { url: `redis://127.0.0.1:${(silent.address() as { port: number }).port}` },
      { operationTimeoutMs: 500 },
    );
    const waited = performance.now();
    const timeout = await hung.load({ projectKey: 'p', sessionId: 's' }).catch((e: unknown) => e);
    const elapsed = performance.now() - waited;
    expect(RedisSessionStoreError.isInstance(timeout)).toBe(true);
    expect((timeout as Error).message).toMatch(/no answer within 500 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(495);
    expect(elapsed).toBeLessThan(750);
    await hung.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('recovers when the server is back: a batch sent once it is up lands within the SDK mirror retries', async () => {
    const server = await startRedisServer({ binary, persistent: true });
    const s = new RedisSessionStore({ url: server.url }, { operationTimeoutMs: 2_000 });
    try {
      const key = { projectKey: 'p', sessionId: 's' };
      await s.append(key, [numberedEntry(1)]);
      await server.halt();
      const down = Date.now();
      const lost = await s.append(key, [numberedEntry(2)]).catch((e: unknown) => e);
      expect(RedisSessionStoreError.isInstance(lost)).toBe(true);
      // Sent before or after the client noticed the connection drop.
      expect((lost as Error).message).toMatch(
        /^Redis session store: append\(\) failed: (The client is offline|Socket closed unexpectedly)$/,
      );
      expect(Date.now() - down).toBeLessThan(1_000);
      // The time is the point: down long enough for the reconnection backoff to reach its longest wait.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      await server.restart();
      // The SDK's own retry policy (3 tries over ~1 s, then the batch is dropped): it must land.
      const dropped: Error[] = [];
      const mirror = new TranscriptMirrorBatcher({
        send: (_file, entries) => s.append(key, entries),
        onError: (_file, error) => dropped.push(error),
      });
      mirror.enqueue('main', [numberedEntry(3)]);
      await mirror.flush();
      expect(dropped).toEqual([]);
      // What was stored before the outage is still there (the server keeps an append-only file).
      expect(await s.load(key)).toEqual([numberedEntry(1), numberedEntry(3)]);
    } finally {
      await s.close();
      await server.stop();
    }
  }, 20_000);
});

if (url === '')
  it.skip('RedisSessionStore adapter tests did not run: redis-server is not on PATH (apt-get install redis-server)');
