import { describe, expect, it } from 'vitest';
import { type ClientMedians, judgeTargets, verdict } from './targets.js';
import { benchWorkloads, workloadByKey } from './workloads.js';

const workloads = benchWorkloads(1);
const workload = (key: string) => workloadByKey(workloads, key);
const m = (floor: number, hexagent: number, official: number): ClientMedians => ({ floor, hexagent, official });

describe('verdict', () => {
  it('names each outcome', () => {
    expect([true, false, 'info', undefined].map((ok) => verdict(ok as boolean | 'info' | undefined))).toEqual([
      'met',
      '**not met**',
      'for information',
      'not run',
    ]);
  });
});

describe('judgeTargets', () => {
  it('judges nothing that did not run', () => {
    expect(judgeTargets({ medians: new Map(), workload })).toEqual([]);
  });

  it('sequential: met at <= 1.25x the floor and ahead of official, on the warm reading only', () => {
    const targets = judgeTargets({
      medians: new Map([
        ['seq', m(20, 25, 30)],
        ['seqEarly', m(20, 40, 30)],
      ]),
      workload,
    });
    expect(targets).toEqual([
      {
        target: 'sequential round trip <= 1.25x floor, ahead of official (after 2,000 warm-up calls)',
        measured: '1.25x (official 1.50x)',
        ok: true,
      },
      {
        target: 'sequential round trip <= 1.25x floor, ahead of official (after 300 warm-up calls)',
        measured: '2.00x (official 1.50x)',
        ok: 'info',
      },
    ]);
    expect(judgeTargets({ medians: new Map([['seq', m(20, 25.1, 30)]]), workload })[0]?.ok).toBe(false);
    expect(judgeTargets({ medians: new Map([['seq', m(20, 24, 24)]]), workload })[0]?.ok).toBe(false);
  });

  it('concurrent: met at <= 1.5x the floor and ahead of official', () => {
    const judge = (medians: ClientMedians) => judgeTargets({ medians: new Map([['conc', medians]]), workload });
    expect(judge(m(10, 15, 20))).toEqual([
      {
        target: 'concurrent (K=32) <= 1.5x floor, ahead of official (after 2,000 warm-up calls)',
        measured: '1.50x (official 2.00x)',
        ok: true,
      },
    ]);
    expect(judge(m(10, 16, 20))[0]?.ok).toBe(false);
    expect(judge(m(10, 12, 11))[0]?.ok).toBe(false);
  });

  it("streaming: met at >= 0.9x the floor's rate after the warm-up; the other readings for information", () => {
    const targets = judgeTargets({
      medians: new Map([
        ['rate', m(100, 50, 20)],
        ['rateWarm', m(100, 90, 20)],
        ['rateSecond', m(100, 200, 20)],
      ]),
      workload,
    });
    expect(targets.map(({ target, ok }) => [target, ok])).toEqual([
      ["streaming >= 0.9x the floor's msg/s (after 20,000 warm-up messages)", true],
      ["streaming >= 0.9x the floor's msg/s (from the start of a fresh process)", 'info'],
      ["streaming >= 0.9x the floor's msg/s (second query of a long-lived process)", 'info'],
    ]);
    expect(judgeTargets({ medians: new Map([['rateWarm', m(100, 89, 20)]]), workload })[0]?.ok).toBe(false);
  });

  it('memory: met when the live heap at 100k is within 1 MiB of 10k; needs both readings', () => {
    const judge = (heap100: number) =>
      judgeTargets({
        medians: new Map([
          ['heap10', m(3.6, 5.9, 12)],
          ['heap100', m(3.8, heap100, 12.4)],
        ]),
        workload,
      });
    expect(judge(6.9)).toEqual([
      {
        target: 'memory flat in N: live heap at 100k within 1 MiB of 10k',
        measured: '5.9 -> 6.9 MiB (floor 3.6 -> 3.8)',
        ok: true,
      },
    ]);
    expect(judge(7)[0]?.ok).toBe(false);
    expect(judgeTargets({ medians: new Map([['heap10', m(1, 1, 1)]]), workload })).toEqual([]);
  });

  it('startup: import <= 0.5x official, and no MCP SDK without in-process servers', () => {
    const judge = (importHexagentMs: number, mcpSdkLoadedWithoutServers: boolean) =>
      judgeTargets({
        medians: new Map(),
        workload,
        startup: { importHexagentMs, importOfficialMs: 200, mcpSdkLoadedWithoutServers },
      });
    expect(judge(100, false)).toEqual([
      { target: 'import <= 0.5x official', measured: '0.50x', ok: true },
      { target: 'no MCP SDK without in-process servers', measured: 'not loaded', ok: true },
    ]);
    expect(judge(101, true).map((target) => [target.measured, target.ok])).toEqual([
      ['0.51x', false],
      ['loaded', false],
    ]);
  });

  it('names the quick run its own sizes', () => {
    const quick = benchWorkloads(0.02);
    const targets = judgeTargets({
      medians: new Map([['seq', m(1, 1, 2)]]),
      workload: (key) => workloadByKey(quick, key),
    });
    expect(targets[0]?.target).toContain('(after 40 warm-up calls)');
  });
});
