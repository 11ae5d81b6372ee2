/**
 * `pnpm bench`: hexagent against the floor (the least work any SDK must do) and the official agent
 * SDK, on the same stand-in CLI, in one run. Every trial runs in a fresh process; clients are
 * interleaved (floor, hexagent, official, floor, ...) over several rounds and the medians compared.
 * Then startup cost (import, first query, whether the MCP SDK loads) and time to first message with
 * the real CLI against a scripted model server on 127.0.0.1. Prints a Markdown report on stdout
 * (progress on stderr).
 *
 * Options:
 * - `--rounds=<n>`: rounds of the stand-in trials (default 5; twice as many for the short sequential
 *   and streaming trials, whose medians background load moves most);
 * - `--quick`: one round of small workloads, one run of the rest (a smoke run);
 * - `--only=<sections>`: a comma-separated subset of `sequential,concurrent,stream,memory,startup,real-cli,first-message,sessions`;
 * - `--real-cli-runs=<n>`: runs of each client against the real CLI, and fresh processes per start
 *   in first-message (default 5): more runs narrow the medians of a noisy machine;
 * - `--json=<file>`: also write every raw result;
 * - `--no-pin`: do not pin the sequential trials to a CPU.
 *
 * Targets are judged on warm readings: tool calls after 2,000 warm-up calls, streaming after 20,000
 * warm-up messages, in the same process. First-use readings (calls 301 to 3,300 of a process, a
 * stream from the start of a fresh process, the second query of a process) are printed beside them
 * for information (see docs/performance.md#tier-up).
 *
 * Pinning (Linux with `taskset` and 2+ CPUs): sequential trials run the client and the stand-in
 * together on CPU 0, the throughput trials are left to the scheduler (see
 * docs/performance.md#reading-the-numbers).
 */
import { writeFile } from 'node:fs/promises';
import { parseOptions } from './options.js';
import { renderReport } from './report.js';
import { runBench } from './runner.js';
import { benchWorkloads, workloadByKey } from './workloads.js';

const options = parseOptions(process.argv.slice(2));
const workloads = benchWorkloads(options.quick ? 0.02 : 1);
const workload = (key: string) => workloadByKey(workloads, key);
const results = await runBench(options, workloads);
process.stdout.write(`${renderReport(results, options, workload).join('\n')}\n`);
if (options.json !== undefined && options.json !== '') {
  const { trials, startup, realCli, firstMessage, modulesNoServer, modulesServer, sessions } = results;
  await writeFile(
    options.json,
    JSON.stringify({ trials, startup, realCli, firstMessage, modulesNoServer, modulesServer, sessions }, null, 2),
  );
}
