/**
 * On a query, the CLI is spawned first and the in-process server's tools are compiled while it
 * boots, never before (docs/performance.md, first message): in a fresh process (the tools runtime
 * and the exit hook both still to load) and on a second query (both loaded). The order is observed
 * in a child process running the built SDK, where the module loading is the user's, not vitest's.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type InstalledStandInCli, installStandInCli } from '@hexagent/testing/stand-in-cli';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./spawn-before-compile-child.mjs', import.meta.url));
const clis: InstalledStandInCli[] = [];
afterAll(() => {
  for (const cli of clis.splice(0)) cli.remove();
});

interface Event {
  event: string;
  atMs: number;
}

describe('the first query', () => {
  it('spawns the CLI before it compiles the tools, on a fresh process and again on a second query', async () => {
    const cli = installStandInCli({});
    clis.push(cli);
    const { stdout } = await run(process.execPath, [CHILD], {
      env: { ...process.env, HEXAGENT_STAND_IN_CLI: cli.path },
      timeout: 30_000,
    });
    const events = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as Event[];
    const names = events.map((e) => e.event);
    // The CLI is spawned first, between the query and the compilation of its tools. The first query
    // also starts the program's process guardian (one shell per program, after the CLI), so it has
    // one spawn more; the second query has exactly one, the CLI's.
    const first = names.slice(0, names.indexOf('query 2'));
    expect(first.slice(0, 2)).toEqual(['query 1', 'spawn']);
    expect(first.filter((name) => name === 'spawn')).toHaveLength(2);
    expect(first.filter((name) => name !== 'spawn')).toEqual(['query 1', 'compile 1', 'result 1']);
    expect(names.slice(names.indexOf('query 2'))).toEqual(['query 2', 'spawn', 'compile 2', 'result 2']);
    const at = (name: string, from = 0) => events.slice(from).find((e) => e.event === name)?.atMs ?? Number.NaN;
    const second = names.indexOf('query 2');
    console.log(
      `query -> spawn: ${(at('spawn') - at('query 1')).toFixed(1)} ms (fresh process), ` +
        `${(at('spawn', second) - at('query 2')).toFixed(1)} ms (second query); ` +
        `spawn -> compile: ${(at('compile 1') - at('spawn')).toFixed(1)} / ${(at('compile 2') - at('spawn', second)).toFixed(1)} ms`,
    );
  });
});
