/**
 * Where a recorded tool call is: `running` from the moment its handler starts (the claim) until it
 * returns; `completed` once its result is saved. A `running` record that no process is running any
 * more is a call that was in flight when its worker died.
 */
export type StepStatus = 'running' | 'completed';

/** The result of a completed call as the model received it (an MCP `CallToolResult`, JSON). */
export type StepResult = Record<string, unknown>;

/**
 * One tool call of a run, kept in the store so that a run resumed after a crash does not repeat it:
 * keyed by the session and the model's `tool_use` id (stable across resumes: the CLI re-requests the
 * same `tool_use`).
 */
export interface StepRecord {
  /** The session of the run. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
  /** The tool's full name (`mcp__<server>__<tool>`). */
  toolName: string;
  /** The input the handler got. */
  input: Record<string, unknown>;
  /** `sha256:<hex>` of the input's canonical JSON (`inputDigest`): a re-request with another input is not the same step. */
  inputDigest: string;
  /** Where the call is. */
  status: StepStatus;
  /** How many times a handler started for this call (1 unless an idempotent call was run again). */
  starts: number;
  /** When the last start was claimed (store clock, epoch ms). */
  startedAt: number;
  /** When the result was saved (store clock, epoch ms). */
  endedAt?: number;
  /** The result, once completed. */
  result?: StepResult;
  /**
   * For a call that was in flight when its worker died and is not idempotent: what a person decided
   * (`retry`: the model may call it again; `skip`: it is not run again; `fail`: the run ends there).
   */
  resolution?: StepResolution;
}

/** A person's decision on a call interrupted mid-flight: who, when, what. */
export interface StepResolution {
  /** `retry`, `skip` or `fail`. */
  kind: 'retry' | 'skip' | 'fail';
  /** Who decided. */
  by: string;
  /** When (store clock, epoch ms). */
  at: number;
  /** Why, when given. */
  reason?: string;
}

/** A step record and its version (every change is a compare-and-set on it). */
export interface StoredStep {
  /** The record. */
  record: StepRecord;
  /** Kept by the store: 1 on creation, one more on each change. */
  version: number;
}
