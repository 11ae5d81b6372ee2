import { fmt } from './format.js';
import type { TrialResult } from './workload.js';
import type { Workload } from './workloads.js';

/** One row of the stand-in table: a reading of one workload. */
export interface ReportRow {
  /** The key targets find the row's medians by. */
  key: string;
  label: string;
  unit: string;
  value: (trial: TrialResult) => number;
  workload: Workload;
  digits: number;
}

const roundTrip = (trial: TrialResult) => trial.standIn.roundTripUs?.median ?? NaN;
const roundTripP99 = (trial: TrialResult) => trial.standIn.roundTripUs?.p99 ?? NaN;
const perCall = (trial: TrialResult) => (trial.standIn.wallMs * 1000) / trial.standIn.count;
const rate = (trial: TrialResult) => trial.standIn.count / (trial.streamMs / 1000);
const rss = (trial: TrialResult) => trial.maxRssMiB;
const liveHeap = (trial: TrialResult) => trial.peakLiveHeapMiB ?? NaN;

/** The rows of the stand-in table, in order, labelled with the sizes of `workload(key)`. */
export function reportRows(workload: (key: string) => Workload): ReportRow[] {
  const seq = workload('sequential');
  const seqEarly = workload('sequentialEarly');
  const conc = workload('concurrent');
  const s100 = workload('stream100k');
  const s100warm = workload('stream100kWarm');
  const s100second = workload('stream100kSecond');
  const m10 = workload('mem10k');
  const m100 = workload('mem100k');
  return [
    {
      key: 'seq',
      label: `sequential tool calls (N=${fmt(seq.count)} after ${fmt(seq.warmup)} warm-up calls): round trip, median`,
      unit: 'µs',
      value: roundTrip,
      workload: seq,
      digits: 1,
    },
    {
      key: 'seqP99',
      label: 'sequential tool calls: round trip, p99',
      unit: 'µs',
      value: roundTripP99,
      workload: seq,
      digits: 1,
    },
    {
      key: 'seqEarly',
      label: `sequential tool calls (N=${fmt(seqEarly.count)} after ${fmt(seqEarly.warmup)} warm-up calls): round trip, median`,
      unit: 'µs',
      value: roundTrip,
      workload: seqEarly,
      digits: 1,
    },
    {
      key: 'conc',
      label: `concurrent tool calls (N=${conc.count}, K=${conc.concurrency}): wall time per call`,
      unit: 'µs',
      value: perCall,
      workload: conc,
      digits: 1,
    },
    {
      key: 'concRt',
      label: 'concurrent tool calls: round trip, median',
      unit: 'µs',
      value: roundTrip,
      workload: conc,
      digits: 0,
    },
    {
      key: 'rate',
      label: `streaming ${fmt(s100.count)} messages`,
      unit: 'msg/s',
      value: rate,
      workload: s100,
      digits: 0,
    },
    {
      key: 'rateWarm',
      label: `streaming ${fmt(s100warm.count)} messages after ${fmt(s100warm.warmup)} warm-up messages`,
      unit: 'msg/s',
      value: rate,
      workload: s100warm,
      digits: 0,
    },
    {
      key: 'rateSecond',
      label: `streaming ${fmt(s100second.count)} messages, second query of the process (after a full GC)`,
      unit: 'msg/s',
      value: rate,
      workload: s100second,
      digits: 0,
    },
    {
      key: 'rss',
      label: `streaming ${fmt(s100.count)} messages: peak RSS`,
      unit: 'MiB',
      value: rss,
      workload: s100,
      digits: 0,
    },
    {
      key: 'heap10',
      label: `live heap, peak after GC, streaming ${fmt(m10.count)}`,
      unit: 'MiB',
      value: liveHeap,
      workload: m10,
      digits: 1,
    },
    {
      key: 'heap100',
      label: `live heap, peak after GC, streaming ${fmt(m100.count)}`,
      unit: 'MiB',
      value: liveHeap,
      workload: m100,
      digits: 1,
    },
    {
      key: 'rss10',
      label: `peak RSS, streaming ${fmt(m10.count)} (GC every ${m10.heapSampleEvery})`,
      unit: 'MiB',
      value: rss,
      workload: m10,
      digits: 0,
    },
    {
      key: 'rss100',
      label: `peak RSS, streaming ${fmt(m100.count)} (GC every ${m100.heapSampleEvery})`,
      unit: 'MiB',
      value: rss,
      workload: m100,
      digits: 0,
    },
  ];
}
