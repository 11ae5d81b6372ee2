import type { RunControlRecord } from '@hexagent/core';

/**
 * Why a run under control ended before its end (`AgentJobOutput.stopped`). `stopped` / `paused`: a
 * person asked (`control` says who and when); `over-cap`: the run, or its tenant today, reached its
 * spend cap. `started`: whether this job's CLI had started (a refusal before it starts spends nothing).
 */
export type RunStop =
  | { reason: 'stopped' | 'paused'; control: RunControlRecord; started: boolean }
  | { reason: 'over-cap'; cap: 'run' | 'tenant'; capUsd: number; spentUsd: number; started: boolean };
