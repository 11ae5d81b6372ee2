import type { AgentPool } from '@hexagent/agent-pool';
import type { McpServerConfig, Options, SessionStore } from '@hexagent/sdk';
import type { AgentJobQueue } from './agent-job.js';
import type { ApprovalPolicy } from './approvals/approval-policy.js';
import type { RunControlPolicy } from './control/run-control-policy.js';
import type { StepPolicy } from './steps/step-policy.js';
import type { WorkerBackoffOptions } from './worker-backoff.js';

/** What `createAgentWorker` takes. */
export interface AgentWorkerOptions {
  /** The queue to take agent jobs from. */
  queue: AgentJobQueue;
  /** The session store turns are mirrored to and resumed from (needed for follow-ups on any worker). */
  sessionStore?: SessionStore;
  /** The MCP servers jobs may name in `options.mcpServers` (in-process tools included). */
  servers?: Record<string, McpServerConfig>;
  /** Jobs run at once by this worker. Default 4. */
  concurrency?: number;
  /**
   * An agent pool every run goes through: its admission (running CLIs, memory budget, queue)
   * bounds this worker's CLIs (a job pins its session id, which a warm spare cannot take, so runs
   * start cold under that admission). Without one, each run starts
   * its own CLI under `concurrency`. The pool's profile is merged under `options` and the job's.
   */
  pool?: AgentPool;
  /** Options every run starts from (cwd, env, the CLI path...); a job's options override them. */
  options?: Options;
  /** Milliseconds between polls of an empty queue. Default 500. */
  pollIntervalMs?: number;
  /** Milliseconds before a job whose session is busy elsewhere is offered again. Default 1000. */
  busySessionDelayMs?: number;
  /**
   * When the worker cannot run a job (its CLI does not start: no credentials, a bad
   * `pathToClaudeCodeExecutable`; or cannot use the API: an account, rate limit or server error),
   * it claims nothing for `initialMs` (default 1 s), doubling with each such failure in a row up to
   * `maxMs` (default 60 s), then one job at a time until a run gets through. The failed attempts
   * count against their jobs' `retryLimit`; events `paused` and `resumed` say so.
   */
  backoff?: WorkerBackoffOptions;
  /**
   * Put the runs' tool calls behind a person's approval: a call the rule gates parks the run (the
   * job completes with `awaitingApproval`); `decideAndResume` queues its continuation. See
   * docs/durable-runs.md.
   */
  approvals?: ApprovalPolicy;
  /**
   * Runs under control: a stop or pause asked by run id (`RunControlLedger`, any process) ends the
   * run within `pollMs`, and spend caps (the job's `spendCapUsd`, the tenant's per day) refuse a run
   * before its CLI starts and end one within a turn of crossing. See docs/durable-runs.md.
   */
  control?: RunControlPolicy;
  /**
   * Durable steps: each in-process tool call is recorded as it starts and completes, a retried attempt
   * resumes its session without sending the prompt again, a completed call the CLI re-requests is
   * answered from its record, and a call that was in flight when a worker died runs again only if
   * marked idempotent; otherwise the job completes with `interrupted` for a person to resolve
   * (`resolveInterruptedStep`). See docs/durable-runs.md.
   */
  steps?: StepPolicy;
  /** Called with errors of the worker loop itself (a lost database connection...). */
  onError?: (error: unknown) => void;
}
