import { stepStoreConformance } from '@hexagent/testing/conformance';
import { inject, it } from 'vitest';
import { RedisStepStore } from '../src/index.js';

const url = inject('redisUrl');

if (url === '') {
  it.skip('RedisStepStore conformance: did not run, redis-server is not on PATH (apt-get install redis-server)');
} else {
  stepStoreConformance('RedisStepStore', {
    create: () => new RedisStepStore({ url }),
    cleanup: (store) => store.close(),
  });
}
