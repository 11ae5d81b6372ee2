import { fileURLToPath } from 'node:url';
import { startGatedProcess } from '@hexagent/testing';
import { sessionStoreConformance } from '@hexagent/testing/conformance';
import { beforeAll, inject } from 'vitest';
import { PostgresSessionStore } from '../src/index.js';

const connectionString = inject('postgresUrl');
const APPEND_PROCESS = fileURLToPath(new URL('./fixtures/append-process.mjs', import.meta.url));

beforeAll(async () => {
  const store = new PostgresSessionStore({ connectionString });
  await store.migrate();
  await store.close();
});

sessionStoreConformance('PostgresSessionStore', {
  // As many connections as the other process has, so that both race with as many appends at once.
  create: () => new PostgresSessionStore({ connectionString, maxConnections: 20 }),
  cleanup: (store) => store.close(),
  appendProcess: () => startGatedProcess(APPEND_PROCESS, [connectionString]),
});
