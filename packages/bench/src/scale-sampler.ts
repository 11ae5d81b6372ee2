import { cpuTimes, pssKb } from './proc-usage.js';
import { descendantsOf, listProcesses, rssKb } from './process-tree.js';

/** What a {@link sampleTree} saw of one process's descendants (the CLIs) and of the process itself (the SDK). */
export interface TreeSample {
  /** The highest sum of the descendants' RSS in one sample, MB. */
  peakCliRssMb: number;
  /** The highest sum of the descendants' PSS in one sample, MB (every `pssEvery`-th sample). */
  peakCliPssMb: number;
  /** The highest RSS of the root process itself, MB. */
  peakSdkRssMb: number;
  /** The most live descendants in one sample. */
  peakClis: number;
  /**
   * The descendants' CPU as sampled: for each process the last utime + stime seen, summed, ms. Short
   * of the exact figure (what a CLI spent after its last sample is missed); a check on the worker's
   * cutime + cstime.
   */
  sampledCliCpuMs: number;
  /** This process's CPU spent sampling, ms: what the readings cost the machine. */
  samplerCpuMs: number;
  /** When each CLI seen started (procfs start time, 10 ms steps), ms after the first one, sorted. */
  cliStartsMs: number[];
}

/**
 * Samples `root`'s live descendants every `everyMs` until `stop()`: their summed RSS each time, their
 * summed PSS every `pssEvery`-th time (reading `smaps_rollup` walks a process's page tables, so it
 * is kept rarer), and each one's CPU time.
 */
export function sampleTree(root: number, everyMs = 500, pssEvery = 2): { stop(): TreeSample } {
  const cpuByProcess = new Map<string, number>();
  const result: TreeSample = {
    peakCliRssMb: 0,
    peakCliPssMb: 0,
    peakSdkRssMb: 0,
    peakClis: 0,
    sampledCliCpuMs: 0,
    samplerCpuMs: 0,
    cliStartsMs: [],
  };
  const startTicks = new Map<string, number>();
  let samples = 0;
  const sample = () => {
    const cpuStart = process.cpuUsage();
    const clis = descendantsOf(root, listProcesses());
    const withPss = samples++ % pssEvery === 0;
    let rss = 0;
    let pss = 0;
    for (const cli of clis) {
      rss += rssKb(cli.pid);
      if (withPss) pss += pssKb(cli.pid);
      const key = `${cli.pid}@${cli.startTicks}`;
      cpuByProcess.set(key, cpuTimes(cli.pid).selfMs);
      startTicks.set(key, Number(cli.startTicks));
    }
    result.peakCliRssMb = Math.max(result.peakCliRssMb, rss / 1024);
    result.peakCliPssMb = Math.max(result.peakCliPssMb, pss / 1024);
    result.peakSdkRssMb = Math.max(result.peakSdkRssMb, rssKb(root) / 1024);
    result.peakClis = Math.max(result.peakClis, clis.length);
    const spent = process.cpuUsage(cpuStart);
    result.samplerCpuMs += (spent.user + spent.system) / 1000;
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      clearInterval(timer);
      let sampled = 0;
      for (const ms of cpuByProcess.values()) sampled += ms;
      result.sampledCliCpuMs = sampled;
      const starts = [...startTicks.values()].sort((a, b) => a - b);
      result.cliStartsMs = starts.map((ticks) => (ticks - (starts[0] as number)) * 10);
      return result;
    },
  };
}
