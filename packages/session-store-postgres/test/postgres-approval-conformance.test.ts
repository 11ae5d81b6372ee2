import { fileURLToPath } from 'node:url';
import { startApprovalDecider } from '@hexagent/testing';
import { approvalStoreConformance } from '@hexagent/testing/conformance';
import { beforeAll, inject } from 'vitest';
import { PostgresApprovalStore } from '../src/index.js';

const connectionString = inject('postgresUrl');
const DECIDER = fileURLToPath(new URL('./fixtures/decider-process.mjs', import.meta.url));

beforeAll(async () => {
  const store = new PostgresApprovalStore({ connectionString });
  await store.migrate();
  await store.close();
});

approvalStoreConformance('PostgresApprovalStore', {
  create: () => new PostgresApprovalStore({ connectionString }),
  cleanup: (store) => store.close(),
  deciderProcess: () => startApprovalDecider([process.execPath, DECIDER, connectionString]),
});
