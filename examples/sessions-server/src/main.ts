/**
 * The sessions server: `DATABASE_URL=postgres://... PORT=3000 WORK_DIR=/srv/work node dist/main.js`.
 * Run as many instances as you like behind a load balancer: sessions live in PostgreSQL, so any
 * instance continues any session, and an instance's local disk (its CLAUDE_CONFIG_DIR) may be
 * wiped between requests. The CLI's own environment (ANTHROPIC_API_KEY...) comes from this process.
 */
import type { AddressInfo } from 'node:net';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { createSessionsServer } from './sessions-server.js';

const { DATABASE_URL, PORT = '3000', HOST = '127.0.0.1', WORK_DIR = process.cwd(), MODEL } = process.env;
if (DATABASE_URL === undefined) {
  console.error('sessions-server: set DATABASE_URL to a PostgreSQL connection string');
  process.exit(1);
}

const store = new PostgresSessionStore({ connectionString: DATABASE_URL });
await store.migrate(); // idempotent, and safe when several instances start at once
const server = createSessionsServer({
  store,
  cwd: WORK_DIR,
  options: { settingSources: [], ...(MODEL === undefined ? {} : { model: MODEL }) },
});
server.listen(Number(PORT), HOST, () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`sessions-server listening on http://${address}:${port}`);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Finish the turns in flight (their results are in the store before they are answered), then go.
  server.close();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.once('close', resolve));
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
