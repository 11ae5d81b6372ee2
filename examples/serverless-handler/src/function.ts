/**
 * The function: what a platform loads. It exports `handler` (also as the default export), a Web
 * `Request` -> `Response` handler, configured from the environment:
 *
 * - `RELAY_URL` (`wss://relay-host:7878`) and `RELAY_TOKEN` (from the platform's secret store),
 *   `RELAY_CA` (a self-signed relay certificate, PEM; optional);
 * - `DATABASE_URL`: the PostgreSQL the sessions live in (run `migrate()` once, at deploy time);
 * - `WORK_DIR`: the agent's working directory on the relay's host (default `/srv/work`);
 * - `MODEL`, `TURN_TIMEOUT_MS` (default 50 000) optional.
 *
 * Run directly (`node dist/function.mjs`), it serves the handler on `HOST`:`PORT` (127.0.0.1:3000)
 * with node:http, for trying it locally. No Claude Code CLI is installed or started here: it runs
 * behind the relay; the in-process tool runs here.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { createHandler } from './handler.js';
import { serveLocally } from './serve-locally.js';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`serverless-handler: set ${name}`);
  return value;
}

const { RELAY_CA, WORK_DIR = '/srv/work', MODEL, TURN_TIMEOUT_MS } = process.env;

// Made once per process: a warm function reuses the pool and the settings across invocations.
const store = new PostgresSessionStore({ connectionString: required('DATABASE_URL'), maxConnections: 2 });

/** The function's handler. */
export const handler = createHandler({
  transport: webSocketTransport({
    url: required('RELAY_URL'),
    token: required('RELAY_TOKEN'),
    ...(RELAY_CA === undefined ? {} : { ca: RELAY_CA }),
  }),
  store,
  cwd: WORK_DIR,
  ...(TURN_TIMEOUT_MS === undefined ? {} : { turnTimeoutMs: Number(TURN_TIMEOUT_MS) }),
  ...(MODEL === undefined ? {} : { options: { model: MODEL } }),
});

export default handler;

/** True when this module (or the bundle it is in) is the program node was started with. */
function isMain(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const server = serveLocally(handler, Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
  const stop = () => {
    server.close();
    server.closeIdleConnections();
    server.once('close', () => void store.close().then(() => process.exit(0)));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
