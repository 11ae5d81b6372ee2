import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The workspace root. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/** The packages published to npm: every workspace package under packages/ that is not private. */
export function publishedPackageDirs(): string[] {
  return readdirSync(join(ROOT, 'packages'))
    .map((name) => join(ROOT, 'packages', name))
    .filter((dir) => {
      try {
        return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private !== true;
      } catch {
        return false;
      }
    });
}

/** The environment without what a package manager running this test put in it (npm_*, pnpm_*). */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(npm|pnpm)_/i.test(key) || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  return { ...env, NPM_CONFIG_UPDATE_NOTIFIER: 'false', ...extra };
}

/** pnpm, the release path's packer: the one running this test if any, else the pinned version via npx. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env['npm_execpath'];
  if (execPath?.includes('pnpm')) return [process.execPath, [execPath]];
  return ['npx', ['-y', 'pnpm@10.34.8']];
}

/** `pnpm pack` of every package in `dirs` into `destination`; the tarballs' paths, by package directory. */
export async function packAll(dirs: readonly string[], destination: string): Promise<string[]> {
  mkdirSync(destination, { recursive: true });
  const [file, prefix] = pnpmCommand();
  for (const dir of dirs) {
    await run(file, [...prefix, 'pack', '--pack-destination', destination], { cwd: dir, env: cleanEnv() });
  }
  return readdirSync(destination)
    .filter((name) => name.endsWith('.tgz'))
    .map((name) => join(destination, name));
}

/** Unpacks a tarball into `into` (its files end up under `into/package`). */
export async function unpack(tarball: string, into: string): Promise<string> {
  mkdirSync(into, { recursive: true });
  await run('tar', ['xzf', tarball, '-C', into]);
  return join(into, 'package');
}

/** Every file under `dir`, relative to it, with `/` separators. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The files a manifest points at: `main`, `types`, `bin` and every target of `exports`. */
export function manifestTargets(manifest: Record<string, unknown>): string[] {
  const targets = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') targets.add(value.replace(/^\.\//, ''));
    else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) visit(inner);
  };
  visit(manifest['main']);
  visit(manifest['types']);
  visit(manifest['bin']);
  visit(manifest['exports']);
  return [...targets];
}

/**
 * What in a packed package does not resolve inside it: the relative imports of every `.js` and
 * `.d.ts` file reachable from the manifest's entry points (what Node.js and tsc load; internal
 * declarations nothing reaches may name dev-only types), and the `sources` of every source map.
 */
export function danglingReferences(packageDir: string, files: readonly string[], entries: readonly string[]): string[] {
  const present = new Set(files);
  const dangling: string[] = [];
  const toPath = (from: string, target: string) =>
    relative(packageDir, resolve(packageDir, dirname(from), target))
      .split('\\')
      .join('/');
  for (const file of files.filter((name) => name.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(packageDir, file), 'utf8')) as { sources?: string[] };
    for (const source of map.sources ?? []) {
      if (!present.has(toPath(file, source))) dangling.push(`${file} -> ${source}`);
    }
  }
  const queue = entries.filter((file) => /\.(?:js|d\.ts)$/.test(file) && present.has(file));
  const seen = new Set(queue);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const code = readFileSync(join(packageDir, file), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.\.?\/[^'"]+)['"]/g)) {
      const target = match[1] ?? '';
      const path = toPath(file, file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target);
      if (!present.has(path)) dangling.push(`${file} -> ${target}`);
      else if (!seen.has(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return dangling;
}

/** The bytes of every file under `dir` (symbolic links not followed), as `du -sb` counts them. */
export function treeBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}
