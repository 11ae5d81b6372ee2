import { fileURLToPath } from 'node:url';
import { startApprovalDecider } from '@hexagent/testing';
import { approvalStoreConformance } from '@hexagent/testing/conformance';
import { inject, it } from 'vitest';
import { RedisApprovalStore } from '../src/index.js';

const url = inject('redisUrl');
const DECIDER = fileURLToPath(new URL('./fixtures/decider-process.mjs', import.meta.url));

if (url === '') {
  it.skip('RedisApprovalStore conformance: did not run, redis-server is not on PATH (apt-get install redis-server)');
} else {
  approvalStoreConformance('RedisApprovalStore', {
    create: () => new RedisApprovalStore({ url }),
    cleanup: (store) => store.close(),
    deciderProcess: () => startApprovalDecider([process.execPath, DECIDER, url]),
  });
}
