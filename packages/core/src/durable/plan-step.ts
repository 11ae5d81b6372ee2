import type { StepResult, StoredStep } from './step-record.js';

/** A tool call about to run, as the handler wrapper sees it. */
export interface StepCall {
  /** The session of the run. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
  /** The tool's full name. */
  toolName: string;
  /** The arguments. */
  input: Record<string, unknown>;
  /** `inputDigest` of the arguments. */
  inputDigest: string;
}

/**
 * What to do with a call, given its record: `run` it (first time), `replay` the saved result (it
 * completed before; the handler does not run), `rerun` it (it was in flight when a worker died and
 * the tool is idempotent), stop as `interrupted` (in flight, not idempotent: a person decides), or
 * refuse a `mismatch` (the same `tool_use` id with another tool or input: not the call that was
 * recorded).
 */
export type StepPlan =
  | { kind: 'run' }
  | { kind: 'replay'; result: StepResult }
  | { kind: 'rerun' }
  | { kind: 'interrupted'; stored: StoredStep }
  | { kind: 'mismatch'; stored: StoredStep };

/**
 * The rule of durable steps, pure: a completed call is never run again; a call in flight when its
 * worker died runs again only when `idempotent` says so.
 */
export function planStep(stored: StoredStep | null, call: StepCall, idempotent: boolean): StepPlan {
  if (stored === null) return { kind: 'run' };
  const { record } = stored;
  if (record.toolName !== call.toolName || record.inputDigest !== call.inputDigest) return { kind: 'mismatch', stored };
  if (record.status === 'completed') return { kind: 'replay', result: record.result ?? {} };
  return idempotent ? { kind: 'rerun' } : { kind: 'interrupted', stored };
}
