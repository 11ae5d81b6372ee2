/**
 * What a serverless function carries (docs/serverless.md): the packages it needs installed with npm
 * from the packed tarballs with `--omit=optional` (so no Claude Code CLI: it runs behind
 * `hexagent-relay`), the function of examples/serverless-handler bundled by esbuild against that
 * install, and, for comparison, the official SDK installed by npm as its users install it.
 * Sizes are the bytes of the files (`du -sb`); the test prints them.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, packAll, ROOT, treeBytes } from './helpers/packages.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const OFFICIAL = '@anthropic-ai/claude-agent-sdk@0.3.332';
/** What the function imports; npm needs the tarballs of the workspace packages those depend on too. */
const IMPORTED = ['sdk', 'transport-websocket', 'session-store-postgres'];

/** The workspace packages (directory names under packages/) `roots` need at run time, read from the manifests. */
function withRuntimeDependencies(roots: readonly string[]): string[] {
  const dirOf = new Map<string, string>();
  for (const dir of readdirSync(join(ROOT, 'packages'))) {
    const manifest = join(ROOT, 'packages', dir, 'package.json');
    if (existsSync(manifest)) dirOf.set((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name, dir);
  }
  const seen = new Set<string>();
  const visit = (dir: string): void => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const depDir = dirOf.get(name);
      if (depDir !== undefined) visit(depDir);
    }
  };
  for (const root of roots) visit(root);
  return [...seen];
}
const EXAMPLE_SRC = join(ROOT, 'examples', 'serverless-handler', 'src');

const work = mkdtempSync(join(tmpdir(), 'hexagent-serverless-size-'));
const fn = join(work, 'function');
const official = join(work, 'official');
const sizes = { installed: 0, bundle: 0, official: 0, officialCli: 0 };

async function npmInstall(dir: string, args: readonly string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'size-app', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], {
    cwd: dir,
    env: cleanEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
}

beforeAll(async () => {
  const tarballs = await packAll(
    withRuntimeDependencies(IMPORTED).map((name) => join(ROOT, 'packages', name)),
    join(work, 'tarballs'),
  );
  // The function's install: what a function platform's build runs.
  await npmInstall(fn, ['--omit=optional', ...tarballs, 'zod@^4']);
  sizes.installed = treeBytes(join(fn, 'node_modules'));
  // The function's own code, as the example has it, bundled against that install.
  for (const file of readdirSync(EXAMPLE_SRC).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
    copyFileSync(join(EXAMPLE_SRC, file), join(fn, file));
  }
  await build({
    entryPoints: [join(fn, 'function.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    outfile: join(fn, 'out', 'function.mjs'),
    // As examples/serverless-handler/scripts/bundle.mjs: pg's optional drivers, not installed here.
    external: ['pg-native', 'pg-cloudflare'],
    logLevel: 'error',
  });
  sizes.bundle = statSync(join(fn, 'out', 'function.mjs')).size;
  // The official SDK as its users install it (its platform package carries the CLI).
  await npmInstall(official, [OFFICIAL]);
  sizes.official = treeBytes(join(official, 'node_modules'));
  const platform = join(
    official,
    'node_modules',
    '@anthropic-ai',
    `claude-agent-sdk-${process.platform}-${process.arch}`,
  );
  sizes.officialCli = existsSync(platform) ? treeBytes(platform) : 0;
  const show = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  console.log(
    `serverless function: node_modules ${show(sizes.installed)} (npm install --omit=optional), ` +
      `bundle ${show(sizes.bundle)}; official ${OFFICIAL}: node_modules ${show(sizes.official)} ` +
      `(its ${process.platform}-${process.arch} package ${show(sizes.officialCli)})`,
  );
}, 600_000);

// Two installs (the official's ~450 MB): removing them takes a while on a busy machine.
afterAll(() => rmSync(work, { recursive: true, force: true }), 180_000);

describe('a serverless function (no CLI installed)', () => {
  it('installs no Claude Code CLI with --omit=optional, and stays under 40 MB of node_modules', () => {
    const anthropic = join(fn, 'node_modules', '@anthropic-ai');
    expect(existsSync(anthropic) ? readdirSync(anthropic) : []).toEqual([]);
    expect(sizes.installed).toBeGreaterThan(1 * MB);
    expect(sizes.installed).toBeLessThan(40 * MB);
  });

  it('bundles into one file under 5 MB', () => {
    expect(sizes.bundle).toBeGreaterThan(100 * 1024);
    expect(sizes.bundle).toBeLessThan(5 * MB);
  });

  it('next to the official SDK, whose install carries the CLI (over 250 MB)', () => {
    expect(sizes.officialCli).toBeGreaterThan(250 * MB);
    expect(sizes.official).toBeGreaterThan(10 * sizes.installed);
  });
});
