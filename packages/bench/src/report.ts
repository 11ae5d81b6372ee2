/** The Markdown report of a bench run: the stand-in, startup, real-CLI and targets tables. */
import { availableParallelism, cpus, totalmem } from 'node:os';
import { renderFirstMessage } from './first-message-bench.js';
import { fmt, times } from './format.js';
import { reportRows } from './report-rows.js';
import {
  type BenchResults,
  MCP_SDK,
  medianOf,
  realCliMedian,
  type StartupKind,
  type StartupReading,
  startupMedian,
  startupValues,
} from './runner.js';
import { renderSessions } from './sessions-report.js';
import { median } from './stats.js';
import { type ClientMedians, judgeTargets, verdict } from './targets.js';
import { CLIENTS } from './workload.js';
import type { Workload } from './workloads.js';

/** The medians of every row whose workload ran, by row key. */
export function rowMedians(results: BenchResults, workload: (key: string) => Workload): Map<string, ClientMedians> {
  const medians = new Map<string, ClientMedians>();
  for (const row of reportRows(workload)) {
    if (!results.workloads.includes(row.workload)) continue;
    const m = Object.fromEntries(
      CLIENTS.map((client) => [client, medianOf(results.trials, row.workload, client, row.value)]),
    );
    medians.set(row.key, m as ClientMedians);
  }
  return medians;
}

/**
 * The report's lines (without the final newline).
 *
 * @param rounds `--rounds`, for the heading of the stand-in table.
 * @param workload Every workload of the run by key, including the ones that did not run (targets name their settings).
 */
export function renderReport(
  results: BenchResults,
  rounds: { rounds: number; startupRuns: number; realCliRuns: number },
  workload: (key: string) => Workload,
  now: Date = new Date(),
): string[] {
  const lines: string[] = [];
  const out = (line = ''): void => void lines.push(line);
  const medians = rowMedians(results, workload);
  out(
    `Run ${now.toISOString()} on ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, Node.js ${process.version}.`,
  );
  if (results.trials.length > 0) {
    out(
      `Stand-in CLI trials: medians of ${rounds.rounds} interleaved rounds (${rounds.rounds * 2} for sequential calls and streaming; ` +
        'floor, hexagent, official), each trial in a fresh process.',
    );
    out(
      results.pinned
        ? 'Sequential trials pinned: client and stand-in together on CPU 0 (see main.ts); the other trials are not pinned.'
        : 'Not pinned (no taskset, fewer than 2 CPUs, or --no-pin): sequential round trips vary with where the scheduler puts the two processes.',
    );
    out();
    out('| workload (stand-in CLI) | unit | floor | hexagent | official | hexagent / floor | official / floor |');
    out('|---|---|--:|--:|--:|--:|--:|');
    for (const row of reportRows(workload)) {
      const values = medians.get(row.key);
      if (values === undefined) continue;
      out(
        `| ${row.label} | ${row.unit} | ${fmt(values.floor, row.digits)} | ${fmt(values.hexagent, row.digits)} | ` +
          `${fmt(values.official, row.digits)} | ${times(values.hexagent / values.floor)} | ${times(values.official / values.floor)} |`,
      );
    }
  }
  const { startup, modulesNoServer, modulesServer } = results;
  if (startup.length > 0) {
    out();
    out(`Startup: medians (and ranges) of ${rounds.startupRuns} fresh processes each.`);
    out();
    out('| startup (fresh process) | hexagent | official | hexagent / official |');
    out('|---|--:|--:|--:|');
    const startupRows: [string, StartupKind, StartupReading][] = [
      ['import the SDK, ms', 'import', 'importMs'],
      ['import + first query, no in-process server, ms', 'query', 'firstQueryMs'],
      ['import + first query with an in-process tool call, ms', 'query-server', 'firstQueryMs'],
      [
        'first query from the call (import done), no in-process server: to the first assistant message, ms',
        'query',
        'callToFirstMs',
      ],
      ['first query from the call, no in-process server: to the result, ms', 'query', 'callToResultMs'],
      [
        'first query from the call, with an in-process tool call: to the first assistant message (it follows the tool call), ms',
        'query-server',
        'callToFirstMs',
      ],
      ['first query from the call, with an in-process tool call: to the result, ms', 'query-server', 'callToResultMs'],
    ];
    for (const [label, what, value] of startupRows) {
      const cell = (values: number[]) =>
        `${fmt(median(values), 1)} (${fmt(Math.min(...values), 1)}-${fmt(Math.max(...values), 1)})`;
      const h = startupValues(startup, 'hexagent', what, value);
      const o = startupValues(startup, 'official', what, value);
      out(`| ${label} | ${cell(h)} | ${cell(o)} | ${times(median(h) / median(o))} |`);
    }
    out(
      `| modules resolved by import + query without / with an in-process server | ${modulesNoServer.length} / ${modulesServer.length} | | |`,
    );
    const loaded = (modules: string[]) => (modules.some((url) => url.includes(MCP_SDK)) ? 'yes' : 'no');
    out(
      `| \`@modelcontextprotocol/sdk\` loaded without / with an in-process server | ${loaded(modulesNoServer)} / ${loaded(modulesServer)} | | |`,
    );
  }
  if (results.realCli.length > 0) {
    out();
    out(
      `Real Claude Code CLI against a scripted model on 127.0.0.1: medians of ${rounds.realCliRuns} runs, SDK import excluded.`,
    );
    out();
    out('| real CLI | raw spawn | hexagent | official |');
    out('|---|--:|--:|--:|');
    for (const [label, value] of [
      ['time to first message, ms', 'firstMessageMs'],
      ['time to result, ms', 'resultMs'],
    ] as const) {
      const median = (client: string) => fmt(realCliMedian(results.realCli, client, value));
      out(`| ${label} | ${median('raw')} | ${median('hexagent')} | ${median('official')} |`);
    }
  }
  if (results.firstMessage.length > 0) lines.push('', ...renderFirstMessage(results.firstMessage, rounds.realCliRuns));
  if (results.sessions.length > 0) lines.push('', ...renderSessions(results.sessions, rounds.realCliRuns));
  const targets = judgeTargets({
    medians,
    workload,
    ...(startup.length > 0 && {
      startup: {
        importHexagentMs: startupMedian(startup, 'hexagent', 'import', 'importMs'),
        importOfficialMs: startupMedian(startup, 'official', 'import', 'importMs'),
        mcpSdkLoadedWithoutServers: modulesNoServer.some((url) => url.includes(MCP_SDK)),
      },
    }),
  });
  if (targets.length > 0) {
    out();
    out('| target | measured | |');
    out('|---|---|---|');
    for (const { target, measured, ok } of targets) out(`| ${target} | ${measured} | ${verdict(ok)} |`);
  }
  return lines;
}
