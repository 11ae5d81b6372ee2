/**
 * @hexagent/session-store-redis: a `SessionStore` on Redis (node-redis), Cluster-safe, with an
 * optional TTL, so a session started on one machine resumes on another; an `ApprovalStore` for
 * the approvals of durable runs, and a `RunControlStore` for runs under control and their spend. Run the server with `maxmemory-policy noeviction`.
 *
 * @packageDocumentation
 */

export { RedisApprovalStore, type RedisApprovalStoreOptions } from './redis-approval-store.js';
export { RedisRunControlStore, type RedisRunControlStoreOptions } from './redis-run-control-store.js';
export { RedisSessionStore } from './redis-session-store.js';
export { RedisSessionStoreError, type RedisSessionStoreOperation } from './redis-session-store-error.js';
export type { RedisConnection, RedisScriptClient, RedisSessionStoreOptions } from './redis-session-store-options.js';
export { RedisStepStore, type RedisStepStoreOptions } from './redis-step-store.js';
