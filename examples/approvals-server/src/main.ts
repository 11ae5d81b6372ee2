/**
 * The approvals server: `DATABASE_URL=postgres://... PORT=3000 WORK_DIR=/srv/work node dist/main.js`.
 * One process serves the page and the API and runs a worker (`WORKER=0` for a web-only instance);
 * run as many of each as you like: runs, sessions and approvals all live in PostgreSQL, so any
 * instance decides any call and any worker resumes any run. The CLI's own environment
 * (ANTHROPIC_API_KEY...) comes from this process.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ApprovalLedger } from '@hexagent/core';
import { createAgentWorker, pgBossQueue, resumeExpired } from '@hexagent/queue';
import { PostgresApprovalStore, PostgresSessionStore } from '@hexagent/session-store-postgres';
import { createApprovalsServer } from './approvals-server.js';
import { approvalRule, opsServer } from './ops-tools.js';

const {
  DATABASE_URL,
  PORT = '3000',
  HOST = '127.0.0.1',
  WORK_DIR = process.cwd(),
  MODEL,
  WORKER = '1',
  DEPLOY_LOG = join(WORK_DIR, 'deployments.log'),
  APPROVAL_HOURS = '24',
} = process.env;
if (DATABASE_URL === undefined) {
  console.error('approvals-server: set DATABASE_URL to a PostgreSQL connection string');
  process.exit(1);
}

const sessionStore = new PostgresSessionStore({ connectionString: DATABASE_URL });
const approvals = new PostgresApprovalStore({ connectionString: DATABASE_URL });
await approvals.migrate(); // the session store's tables and the approvals table; idempotent
const ledger = new ApprovalLedger({ store: approvals });
const queue = pgBossQueue({ connectionString: DATABASE_URL, name: 'approvals-example' });
const worker =
  WORKER === '0'
    ? undefined
    : createAgentWorker({
        queue,
        sessionStore,
        servers: { ops: opsServer(DEPLOY_LOG) },
        approvals: { ledger, rule: approvalRule, expiresInMs: Number(APPROVAL_HOURS) * 3_600_000 },
        options: { cwd: WORK_DIR, settingSources: [], ...(MODEL === undefined ? {} : { model: MODEL }) },
        onError: (error) => console.error('worker:', error),
      });
// Calls nobody decided in time: mark them expired and let their runs go on without them.
const sweep = setInterval(() => void resumeExpired(queue, ledger).catch((e) => console.error('sweep:', e)), 60_000);

const server = createApprovalsServer({ queue, ledger, mcpServers: ['ops'] });
server.listen(Number(PORT), HOST, () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`approvals-server listening on http://${address}:${port}`);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(sweep);
  server.close();
  server.closeIdleConnections();
  await worker?.close({ deadlineMs: 20_000 });
  await queue.close();
  await Promise.all([sessionStore.close(), approvals.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
