import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST } from '../src/workload.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hexagent-bench-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The module URLs a fresh process resolves while importing @hexagent/sdk and running one query. */
let runs = 0;
async function modulesResolved(what: 'import' | 'query' | 'query-server'): Promise<string[]> {
  // A log per run: the module log appends, and a kind may be resolved by several tests.
  runs += 1;
  const log = join(dir, `${what}-${runs}.txt`);
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', join(DIST, 'module-log.js'), join(DIST, 'startup.js'), 'hexagent', what],
      { cwd: join(DIST, '..'), env: { ...process.env, HEXAGENT_BENCH_MODULE_LOG: log } },
      (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
    );
  });
  return (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
}

describe('lazy loading', () => {
  it('importing @hexagent/sdk loads no MCP SDK, zod, ajv, execa, signal-exit, tsyringe or reflect-metadata', async () => {
    const modules = await modulesResolved('import');
    expect(modules.some((url) => url.includes('/packages/sdk/dist/index.js'))).toBe(true);
    expect(
      modules.filter((url) =>
        /\/(@modelcontextprotocol\/sdk|zod|ajv|execa|signal-exit|tsyringe|reflect-metadata)\//.test(url),
      ),
    ).toEqual([]);
    // execa is not part of the import: transport-cli loads its bundle at the first idle moment after
    // it (here, while the module log's loader thread reports), as one module, nothing from node_modules.
    expect(modules.filter((url) => /\/node_modules\/(execa|cross-spawn|signal-exit|get-stream)\//.test(url))).toEqual(
      [],
    );
  });

  it('importing @hexagent/sdk and running a query load no @opentelemetry module while no tracer provider is registered', async () => {
    // The api is installed here (a dev dependency of this package and of the facade), so this is the
    // "installed, no provider" case; without it installed, nothing could load either.
    for (const what of ['import', 'query', 'query-server'] as const) {
      expect((await modulesResolved(what)).filter((url) => url.includes('/@opentelemetry/'))).toEqual([]);
    }
  });

  it("importing @hexagent/sdk links one bundled module per package, not tsc's file per concept", async () => {
    const ours = (await modulesResolved('import')).filter(
      (url) => /\/packages\/[^/]+\/dist\//.test(url) && !url.includes('/packages/bench/'),
    );
    const distFiles = ours.map((url) => url.replace(/^.*\/packages\//, ''));
    // The entries of the packages the facade re-exports from, plus chunks shared with lazily loaded
    // parts (and transport-cli's execa bundle, which it loads at the first idle moment after import).
    const packages = new Map<string, number>();
    for (const file of new Set(distFiles)) {
      const name = file.split('/')[0] ?? file;
      packages.set(name, (packages.get(name) ?? 0) + 1);
    }
    // compose: what composes a session (moved out of the facade); the doctor is loaded by `doctor()`'s first call.
    expect([...packages.keys()].sort()).toEqual([
      'compose',
      'core',
      'mcp-inprocess',
      'sdk',
      'sessions',
      'transport-cli',
      'transport-kit',
    ]);
    for (const [name, files] of packages) expect(files, name).toBeLessThanOrEqual(3);
    // 10 for the 6 packages before compose left the facade, which adds its one bundle.
    expect(new Set(distFiles).size).toBeLessThanOrEqual(11);
    expect(distFiles).toContain('core/dist/index.js');
    expect(distFiles.filter((file) => /\/dist\/(session|errors|util|protocol)\//.test(file))).toEqual([]);
  });

  it('running a query without in-process servers or a container loads no MCP SDK, zod, ajv, tsyringe or reflect-metadata', async () => {
    const modules = await modulesResolved('query');
    expect(modules.some((url) => url.includes('/packages/sdk/dist/index.js'))).toBe(true);
    // It spawned the CLI with execa, bundled (signal-exit with it) into one module by transport-cli's build.
    expect(modules.filter((url) => url.endsWith('/transport-cli/dist/vendor/execa.js'))).toHaveLength(1);
    expect(modules.filter((url) => /\/node_modules\/(execa|cross-spawn|signal-exit|get-stream)\//.test(url))).toEqual(
      [],
    );
    expect(
      modules.filter((url) => /\/(@modelcontextprotocol\/sdk|zod|ajv|tsyringe|reflect-metadata)\//.test(url)),
    ).toEqual([]);
  });

  it('a query with an in-process zod tool compiles it on the zod the app loaded (no zod/mini of its own), and still no MCP SDK', async () => {
    const modules = await modulesResolved('query-server');
    // The app's `zod` (classic) brought zod v4's core, which compiles the tool.
    expect(modules.some((url) => /\/zod\/v4\/core\//.test(url))).toBe(true);
    expect(modules.filter((url) => /\/zod\/v4\/mini\//.test(url))).toEqual([]);
    expect(modules.filter((url) => /\/(@modelcontextprotocol\/sdk|ajv|zod-to-json-schema)\//.test(url))).toEqual([]);
  });
});
