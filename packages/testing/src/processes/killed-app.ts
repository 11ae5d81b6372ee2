import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { AppProcess } from './app-process.js';
import { type ProcessRecord, processesWithEnv, processTree, stillRunning } from './process-records.js';

/** What was left running once a program was SIGKILLed, and what its processes did meanwhile. */
export interface KilledAppReport {
  /** The program's processes just before the kill (its tree, and what carried the marker), the program left out. */
  before: ProcessRecord[];
  /** Those (and any that carried the marker since) still running when the watch ended. */
  left: ProcessRecord[];
  /** How long after the kill the last of them was gone; undefined when some were left at the deadline. */
  goneAfterMs: number | undefined;
  /** Requests the model server received after the kill. */
  requestsAfterKill: number;
}

/** What {@link killAppAndWatch} watches. */
export interface KillWatch {
  /** An environment entry (`NAME=value`) every process the program started carries. */
  marker: string;
  /** The model server (its `requests` are counted). */
  server: { readonly requests: { readonly length: number } };
  /** How long to wait for every process to be gone, in ms. */
  withinMs: number;
}

/**
 * SIGKILLs `app` and watches (polling /proc every 20 ms, up to `withinMs`) until none of its
 * processes is left: its process tree just before the kill, and every process carrying
 * `watch.marker` (including any started after the kill). Then counts the requests the model
 * server received after the kill. It leaves anything still running to the caller (see `killRecords`).
 */
export async function killAppAndWatch(app: AppProcess, watch: KillWatch): Promise<KilledAppReport> {
  const before = mergeRecords(
    processTree(app.pid).filter((record) => record.pid !== app.pid),
    processesWithEnv(watch.marker),
  );
  const requestsAtKill = watch.server.requests.length;
  const killedAt = Date.now();
  app.kill('SIGKILL');
  await app.exited;
  let watched = before;
  let left = stillRunning(watched);
  while (left.length > 0 && Date.now() - killedAt < watch.withinMs) {
    await sleep(20);
    watched = mergeRecords(watched, processesWithEnv(watch.marker));
    left = stillRunning(watched);
  }
  const goneAfterMs = left.length === 0 ? Date.now() - killedAt : undefined;
  // A request already on its way is read on the next turns of this process's event loop.
  for (let turn = 0; turn < 3; turn += 1) await nextTurn();
  return { before, left, goneAfterMs, requestsAfterKill: watch.server.requests.length - requestsAtKill };
}

function mergeRecords(known: readonly ProcessRecord[], more: readonly ProcessRecord[]): ProcessRecord[] {
  const merged = [...known];
  for (const record of more) {
    if (!merged.some((entry) => entry.pid === record.pid && entry.start === record.start)) merged.push(record);
  }
  return merged;
}
