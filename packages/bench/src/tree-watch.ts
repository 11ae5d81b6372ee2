import { randomUUID } from 'node:crypto';
import {
  descendantsOf,
  hasEnvMarker,
  isLive,
  listProcesses,
  type ProcessKey,
  processKey,
  rssKb,
} from './process-tree.js';

/** The variable a trial's CLIs are started with, so that whatever they leave behind can be found. */
export const TRIAL_MARKER_ENV = 'HEXAGENT_BENCH_TRIAL';

/** What a watch saw of this process's descendants. */
export interface TreeWatch {
  /** The environment entry to give every CLI of the trial (`{ [TRIAL_MARKER_ENV]: <unique> }`). */
  readonly markerEnv: Record<string, string>;
  /** The highest total RSS of all live descendants in one sample, MB. */
  readonly peakTotalRssMb: number;
  /** The most live descendants in one sample. */
  readonly peakProcesses: number;
  /** Stop sampling (one last sample first). */
  stop(): void;
  /**
   * Processes of the trial still running: every descendant a sample saw that is still alive (the
   * same pid and start time, not a zombie), and every live process carrying the trial's marker,
   * wherever it was re-parented. The pids, sorted.
   */
  leftRunning(): number[];
}

/**
 * Samples the process trees under this process every `everyMs` (procfs), from now until `stop()`.
 * Sampling is synchronous (a scan of a few hundred entries takes a few ms): asynchronous reads would
 * queue behind the libuv pool, busiest exactly when many CLIs start.
 */
export function watchProcessTree(everyMs = 250): TreeWatch {
  const marker = randomUUID();
  const seen = new Set<ProcessKey>();
  let peakTotalRssMb = 0;
  let peakProcesses = 0;
  const sample = () => {
    const live = descendantsOf(process.pid, listProcesses());
    let totalKb = 0;
    for (const entry of live) {
      seen.add(processKey(entry));
      totalKb += rssKb(entry.pid);
    }
    peakTotalRssMb = Math.max(peakTotalRssMb, totalKb / 1024);
    peakProcesses = Math.max(peakProcesses, live.length);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    markerEnv: { [TRIAL_MARKER_ENV]: marker },
    get peakTotalRssMb() {
      return peakTotalRssMb;
    },
    get peakProcesses() {
      return peakProcesses;
    },
    stop() {
      clearInterval(timer);
      sample();
    },
    leftRunning() {
      const left = listProcesses().filter(
        (entry) =>
          entry.pid !== process.pid &&
          isLive(entry) &&
          (seen.has(processKey(entry)) || hasEnvMarker(entry.pid, TRIAL_MARKER_ENV, marker)),
      );
      return left.map((entry) => entry.pid).sort((a, b) => a - b);
    },
  };
}
