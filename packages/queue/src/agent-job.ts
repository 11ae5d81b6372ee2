import type { ApprovalRecord } from '@hexagent/core';
import type { Options } from '@hexagent/sdk';
import type { RunStop } from './control/run-stop.js';
import type { InterruptedStep } from './steps/interrupted-step-outcome.js';

/**
 * The options of a queued agent run: what `query()` takes, minus what cannot travel through a
 * database (callbacks, live objects) and minus what the worker owns (`sessionStore`, `resume`,
 * `sessionId`). Tools are referenced by MCP server name: each worker registers the servers.
 */
export type AgentJobOptions = Omit<
  Options,
  | 'abortController'
  | 'canUseTool'
  | 'hooks'
  | 'mcpServers'
  | 'sessionStore'
  | 'resume'
  | 'sessionId'
  | 'continue'
  | 'stderr'
  | 'spawnClaudeCodeProcess'
  | 'onElicitation'
  | 'transport'
> & {
  /** Names of the MCP servers the run uses, among those registered on the worker (`servers`). */
  mcpServers?: string[];
};

/** What a queued agent run carries (the job's data). */
export interface AgentJobData {
  /** The user prompt of this turn. */
  prompt: string;
  /** Serializable query options. */
  options: AgentJobOptions;
  /** The session this turn belongs to (assigned at enqueue for a new session). */
  sessionId: string;
  /** True for a follow-up turn of an existing session: the worker resumes it from the session store. */
  resume: boolean;
  /** An opaque tenant label, carried for the application (and shown in progress). */
  tenant?: string;
  /** A resume after a decision (`decideAndResume`): the approval whose deferred call this run settles first. */
  approval?: { id: string };
  /** The run this job continues (a resume after a pause, `resumeRun`); without it the job's own id is the run's. */
  runId?: string;
  /** The run's spend cap in dollars, over its attempts and continuations (a worker with `control`). */
  spendCapUsd?: number;
  /** The continuation of a paused run whose CLI had started: the session is resumed with this prompt. */
  continuation?: { prompt: string };
}

/**
 * What a completed agent run records on its job: from the run's last `result` (the run goes on
 * past a first result while a subagent works in the background and wakes the main agent).
 */
export interface AgentJobOutput {
  /** The final text of the run (`result` of its last result message). */
  text: string;
  /** The session id to resume for a follow-up turn. */
  sessionId: string;
  /** Token usage of the turn, as the result message gives it. */
  usage: Record<string, unknown>;
  /** Cost of the turn in USD. */
  costUsd: number;
  /** Turns the model took. */
  numTurns: number;
  /** Wall time of the run in milliseconds. */
  durationMs: number;
  /**
   * With a worker's `approvals`: the run deferred a call and parked; this is its pending approval.
   * A decision and `decideAndResume` continue the run as another job.
   */
  awaitingApproval?: ApprovalRecord;
  /**
   * With a worker's `control`: the run ended early, stopped or paused by a person (who and when) or
   * over a spend cap (`started: false`: refused before its CLI started). See docs/durable-runs.md.
   */
  stopped?: RunStop;
  /**
   * With a worker's `steps`: a worker died while a tool that is not idempotent ran, so the run ended
   * before its CLI started again; a person resolves it (`resolveInterruptedStep`).
   */
  interrupted?: InterruptedStep;
}

/** Progress of a running agent job, updated on each assistant message. */
export interface AgentJobProgress {
  /** Assistant messages received so far in this attempt. */
  assistantMessages: number;
  /** The text of the last assistant message that had text. */
  lastText?: string;
  /** The attempt (0 for the first). */
  attempt: number;
}

/** The queue an agent worker and its producers share. */
export type AgentJobQueue = import('./job-queue.js').JobQueue<AgentJobData, AgentJobOutput, AgentJobProgress>;
