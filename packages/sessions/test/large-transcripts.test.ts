import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { getSessionInfo, getSessionMessages, listSessions } from '@hexagent/sessions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempConfigDir } from './config-dir.js';
import { generateTranscript } from './generate-transcript.js';

let config: ReturnType<typeof tempConfigDir>;
beforeEach(() => {
  config = tempConfigDir(false);
});
afterEach(() => config.dispose());

/** Peak growth of heap plus buffers while `run` runs, sampled every 2 ms after a full collection. */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 2);
  try {
    const result = await run();
    peak = Math.max(peak, used());
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

describe('large and damaged transcripts', () => {
  it('pages 10,000 messages and skips malformed lines', async () => {
    const sessionId = randomUUID();
    const uuids = await generateTranscript(join(config.projects, '-generated'), sessionId, {
      entries: 10_000,
      malformedEvery: 97,
    });
    const all = await getSessionMessages(sessionId);
    expect(all.map((m) => m.uuid)).toEqual(uuids);
    const page = await getSessionMessages(sessionId, { offset: 4_000, limit: 25 });
    expect(page.map((m) => m.uuid)).toEqual(uuids.slice(4_000, 4_025));
    expect(await getSessionMessages(sessionId, { offset: 9_990 })).toHaveLength(10);
    expect(await getSessionMessages(sessionId, { offset: 20_000 })).toEqual([]);
  });

  it('reads a 50 MB transcript with memory far below its size', async () => {
    const sessionId = randomUUID();
    const uuids = await generateTranscript(join(config.projects, '-generated'), sessionId, {
      entries: 5_000,
      payloadBytes: 10_000,
      firstPrompt: 'the big one',
    });
    const listed = await peakGrowth(() => listSessions());
    expect(listed.result).toMatchObject([{ sessionId, firstPrompt: 'the big one', cwd: '/generated' }]);
    expect(listed.result[0]?.fileSize).toBeGreaterThan(50_000_000);
    expect(listed.growth).toBeLessThan(8_000_000);
    const info = await peakGrowth(() => getSessionInfo(sessionId));
    expect(info.result?.summary).toBe('the big one');
    expect(info.growth).toBeLessThan(8_000_000);
    const read = await peakGrowth(() => getSessionMessages(sessionId, { offset: 4_990, limit: 10 }));
    expect(read.result.map((m) => m.uuid)).toEqual(uuids.slice(4_990));
    // A whole-file read alone would hold 50 MB of buffer (and more as a string and objects).
    expect(read.growth).toBeLessThan(40_000_000);
  });

  it('listing holds no transcript text: after a full collection the result keeps a few KB a session', async () => {
    const gc = (globalThis as { gc?: () => void }).gc as () => void;
    expect(gc).toBeTypeOf('function');
    const project = join(config.projects, '-generated');
    const count = 200;
    // ~150 KB each: a head and a tail of 64 KiB apiece, and a cwd long enough to be sliced from the head.
    const cwd = '/home/someone/projects/a-project-path';
    for (let i = 0; i < count; i++) {
      await generateTranscript(project, randomUUID(), { entries: 24, payloadBytes: 6_000, cwd });
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    const listed = await peakGrowth(() => listSessions());
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(listed.result).toHaveLength(count);
    expect(listed.result.every((info) => info.cwd === cwd && info.gitBranch === undefined)).toBe(true);
    // A value sliced from the head would keep its 64 KiB alive: 12.8 MB for 200 sessions.
    expect(held).toBeLessThan(count * 4_096);
    // Bounded reads: 16 transcripts at a time, 64 KiB from each end (all 200 at once would be 50 MB).
    expect(listed.growth).toBeLessThan(32_000_000);
  });
});
