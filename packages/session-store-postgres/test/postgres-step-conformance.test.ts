import { stepStoreConformance } from '@hexagent/testing/conformance';
import { beforeAll, inject } from 'vitest';
import { PostgresStepStore } from '../src/index.js';

const connectionString = inject('postgresUrl');

beforeAll(async () => {
  const store = new PostgresStepStore({ connectionString });
  await store.migrate();
  await store.close();
});

stepStoreConformance('PostgresStepStore', {
  create: () => new PostgresStepStore({ connectionString }),
  cleanup: (store) => store.close(),
});
