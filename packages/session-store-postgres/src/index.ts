/**
 * @hexagent/session-store-postgres: a `SessionStore` on PostgreSQL (node-postgres), so a session
 * started on one machine resumes on another, and an `ApprovalStore` for the approvals of durable
 * runs. Run `migrate()` once; `deleteOlderThan()` does retention.
 *
 * @packageDocumentation
 */

export { PostgresApprovalStore } from './postgres-approval-store.js';
export type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
export { PostgresRunControlStore } from './postgres-run-control-store.js';
export { PostgresSessionStore } from './postgres-session-store.js';
export { PostgresSessionStoreError, type PostgresSessionStoreOperation } from './postgres-session-store-error.js';
export type {
  PostgresConnectionOptions,
  PostgresPoolOptions,
  PostgresSessionStoreOptions,
  PostgresTableOptions,
  RetentionCounts,
  RetentionOptions,
} from './postgres-session-store-options.js';
export { PostgresStepStore } from './postgres-step-store.js';
