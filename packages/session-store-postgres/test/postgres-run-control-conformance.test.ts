import { runControlStoreConformance } from '@hexagent/testing/conformance';
import { beforeAll, inject } from 'vitest';
import { PostgresRunControlStore } from '../src/index.js';

const connectionString = inject('postgresUrl');

beforeAll(async () => {
  const store = new PostgresRunControlStore({ connectionString });
  await store.migrate();
  await store.close();
});

runControlStoreConformance('PostgresRunControlStore', {
  create: () => new PostgresRunControlStore({ connectionString }),
  cleanup: (store) => store.close(),
});
