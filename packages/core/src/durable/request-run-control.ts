import type { RunControlKind, RunControlRecord } from './run-control-record.js';

/** A request on a run: what, who and why. */
export interface RunControlRequest {
  /** Stop, pause or resume. */
  kind: RunControlKind;
  /** Who asks. */
  by: string;
  /** Why. */
  reason?: string;
}

/**
 * Why a request was refused: `duplicate` (the run is already stopping or stopped, pausing or
 * paused); `conflict` (a pause of a run being stopped); `not-paused` (a resume of a run nobody
 * paused, or one that is stopped).
 */
export type RunControlRefusal = 'duplicate' | 'conflict' | 'not-paused';

/**
 * What a request does to a run's record: the next record, and for a resume whether a continuation
 * must be queued (`continueRun`: the run was parked; a pause not carried out yet is simply withdrawn).
 */
export type RunControlOutcome =
  | { kind: 'ok'; record: RunControlRecord; continueRun: boolean }
  | { kind: 'refused'; refusal: RunControlRefusal; message: string };

/**
 * The rule of run control, pure: takes the record as stored (`null` when nothing was asked of the
 * run yet) and the store's time. A stop wins over everything and is final; a paused run stops at
 * once (it holds no CLI); a stop or a pause of a run that has not started is carried out when a
 * worker takes its job.
 */
export function requestRunControl(
  runId: string,
  stored: RunControlRecord | null,
  request: RunControlRequest,
  now: number,
): RunControlOutcome {
  const action = { by: request.by, at: now, ...(request.reason === undefined ? {} : { reason: request.reason }) };
  const base: RunControlRecord = stored ?? { runId, status: 'resumed' };
  const status = stored?.status;
  const ok = (record: RunControlRecord, continueRun = false): RunControlOutcome => ({
    kind: 'ok',
    record,
    continueRun,
  });
  const refused = (refusal: RunControlRefusal, message: string): RunControlOutcome => ({
    kind: 'refused',
    refusal,
    message,
  });
  switch (request.kind) {
    case 'stop':
      if (status === 'stopping' || status === 'stopped') return refused('duplicate', `it is already ${status}`);
      // Nothing of a parked run is running: it is stopped now.
      if (status === 'paused') return ok({ ...base, status: 'stopped', stop: action, settledAt: now });
      return ok({ ...base, status: 'stopping', stop: action });
    case 'pause':
      if (status === 'pausing' || status === 'paused') return refused('duplicate', `it is already ${status}`);
      if (status === 'stopping' || status === 'stopped') return refused('conflict', `it is ${status}`);
      return ok({ ...base, status: 'pausing', pause: action });
    case 'resume':
      if (status === 'paused') return ok({ ...base, status: 'resumed', resume: action }, true);
      if (status === 'pausing') return ok({ ...base, status: 'resumed', resume: action });
      return refused('not-paused', status === undefined ? 'nobody paused it' : `it is ${status}`);
  }
}

/**
 * What a worker records when it carries out a stop or a pause of `jobId`: `stopping` → `stopped`,
 * `pausing` → `paused`, with the time and whether the job had started its CLI; `null` when there is
 * nothing to carry out (no request, or it was withdrawn).
 */
export function settleRunControl(
  stored: RunControlRecord | null,
  settled: { jobId: string; started: boolean },
  now: number,
): RunControlRecord | null {
  if (stored === null) return null;
  const { jobId, started } = settled;
  if (stored.status === 'stopping') return { ...stored, status: 'stopped', settledAt: now, jobId, started };
  if (stored.status === 'pausing') return { ...stored, status: 'paused', settledAt: now, jobId, started };
  return null;
}
