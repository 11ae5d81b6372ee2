import { fileURLToPath } from 'node:url';
import { startGatedProcess } from '@hexagent/testing';
import { sessionStoreConformance } from '@hexagent/testing/conformance';
import { inject, it } from 'vitest';
import { RedisSessionStore } from '../src/index.js';

const url = inject('redisUrl');
const APPEND_PROCESS = fileURLToPath(new URL('./fixtures/append-process.mjs', import.meta.url));

if (url === '') {
  it.skip('RedisSessionStore conformance: did not run, redis-server is not on PATH (apt-get install redis-server)');
} else {
  sessionStoreConformance('RedisSessionStore', {
    create: () => new RedisSessionStore({ url }),
    cleanup: (store) => store.close(),
    appendProcess: () => startGatedProcess(APPEND_PROCESS, [url]),
  });
}
