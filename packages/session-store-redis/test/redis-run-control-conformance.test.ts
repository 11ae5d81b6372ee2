import { runControlStoreConformance } from '@hexagent/testing/conformance';
import { inject, it } from 'vitest';
import { RedisRunControlStore } from '../src/index.js';

const url = inject('redisUrl');

if (url === '') {
  it.skip('RedisRunControlStore conformance: did not run, redis-server is not on PATH (apt-get install redis-server)');
} else {
  runControlStoreConformance('RedisRunControlStore', {
    create: () => new RedisRunControlStore({ url }),
    cleanup: (store) => store.close(),
  });
}
