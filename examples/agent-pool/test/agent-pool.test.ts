/**
 * The agent-pool example through the real CLI with the scripted model: 12 agents, two in-process
 * tool calls each, through a pool of at most 4 CLIs with one warm spare. Every agent finishes with
 * the tools' answer, the stats it prints hold the cap and show queueing, waits and measured RSS
 * within the budget, and no CLI it started outlives it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const numbers = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((match) => Number(match[1]));

describe('the agent-pool example', () => {
  it('runs 12 agents through the pool on the real CLI, prints its stats, and leaves no CLI running', async () => {
    const env = { ...process.env };
    delete env.ANTHROPIC_API_KEY;
    const began = Date.now();
    // Bounded: ~10-15 s on a quiet 2-core machine, several times that under a heavy load.
    const { stdout } = await run(process.execPath, [main], { env, timeout: 150_000 });
    console.log(`the example ran ${((Date.now() - began) / 1000).toFixed(1)} s`);
    expect(stdout).toContain('ANTHROPIC_API_KEY is not set');
    for (let n = 1; n <= 12; n++) {
      expect(stdout).toContain(`agent ${n} › (${n} + 35) × 2 = ${(n + 35) * 2} (2 tool results)`);
    }
    expect(stdout).toMatch(/summary › 12\/12 agents finished, 24 tool results; admitted 12 \|/);

    // The cap held in every snapshot, and the 12 queries at once did queue.
    const busy = numbers(/busy (\d+)\/4/g, stdout);
    expect(busy.length).toBeGreaterThanOrEqual(24);
    expect(Math.max(...busy)).toBeLessThanOrEqual(4);
    expect(Math.max(...numbers(/queued (\d+)/g, stdout))).toBeGreaterThan(0);
    expect(stdout).toMatch(/admitted › after \d+ ms, on the warm spare/);

    // Waits and memory as measured: the later agents waited, the CLIs' trees were read from procfs.
    const summary = /queue wait p50 (\d+) ms, p95 (\d+) ms, max (\d+) ms \| peak RSS (\d+) MB of 2048 MB/.exec(stdout);
    expect(summary).not.toBeNull();
    const [p50, p95, max, peakRss] = (summary ?? []).slice(1).map(Number) as [number, number, number, number];
    expect(p95).toBeGreaterThan(0);
    expect(p50).toBeLessThanOrEqual(p95);
    expect(p95).toBeLessThanOrEqual(max);
    expect(peakRss).toBeGreaterThan(30);
    expect(peakRss).toBeLessThanOrEqual(2048);
    expect(Math.max(...numbers(/RSS (\d+) MB of 2048 MB \(\d+ CLIs/g, stdout))).toBeGreaterThan(30);

    // Every CLI the pool started (12 queries, or fewer when spares served some, plus the spares) is gone.
    const pids = numbers(/spawned › (?:query|spare) CLI pid (\d+)/g, stdout);
    expect(pids.length).toBeGreaterThanOrEqual(12);
    expect(stdout).toMatch(/closed › every CLI of the pool has exited/);
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `CLI pid ${pid} is gone`).toBe(false);
  }, 180_000);
});
