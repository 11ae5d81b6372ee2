import type { RunControlLedger } from '@hexagent/core';

/** The default poll of a running job's control record, in ms. */
export const DEFAULT_CONTROL_POLL_MS = 1000;

/** The default prompt of a resumed run whose CLI had started. */
export const DEFAULT_CONTINUE_PROMPT = 'Continue.';

/**
 * Runs under control, on a worker (`createAgentWorker({ control })`): stop and pause by run id from
 * any process, and spend caps per run and per tenant per day. See docs/durable-runs.md.
 */
export interface RunControlPolicy {
  /** The control records and the spend ledger (`RunControlLedger` over the store every process shares). */
  ledger: RunControlLedger;
  /**
   * The cap of each tenant's spend per UTC day, in dollars: one for all, or per tenant (`undefined`:
   * no cap). A job of a tenant over it is refused before its CLI starts.
   */
  tenantDailyCapUsd?: number | ((tenant: string) => number | undefined);
  /** How often a running job's control record is read, in ms (a stop lands within it). Default 1000. */
  pollMs?: number;
}
