/**
 * Samples the live heap while a stream is consumed: every `every` messages it forces a full GC
 * (the process must run with `--expose-gc`) and notes the heap in use, so `peakBytes` is the most
 * memory the client really held at once, garbage excluded (peak RSS grows with N even for the
 * floor; see docs/performance.md#reading-the-numbers). Used only in the memory trials: the forced
 * GCs cost time.
 */
export const heapSampler = {
  every: 0,
  count: 0,
  peakBytes: 0,
  tick(): void {
    if (this.every === 0 || ++this.count % this.every !== 0) return;
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    this.peakBytes = Math.max(this.peakBytes, heapUsed + arrayBuffers);
  },
};
