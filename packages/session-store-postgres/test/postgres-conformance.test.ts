import { sessionStoreConformance } from '@hexagent/testing/conformance';
import { beforeAll, inject } from 'vitest';
import { PostgresSessionStore } from '../src/index.js';

const connectionString = inject('postgresUrl');

beforeAll(async () => {
  const store = new PostgresSessionStore({ connectionString });
  await store.migrate();
  await store.close();
});

sessionStoreConformance('PostgresSessionStore', {
  create: () => new PostgresSessionStore({ connectionString }),
  cleanup: (store) => store.close(),
});
