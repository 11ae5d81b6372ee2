#!/usr/bin/env node
/**
 * Build step after tsc, run in a package's folder: `node ../../scripts/bundle-dist.mjs index [other entries]`.
 * Rebundles each `dist/<entry>.js` that tsc wrote, with the relative modules it imports, into one
 * module (code shared by several entries, or loaded by a dynamic `import()`, goes to a chunk in
 * `dist/chunks/`, so what loads lazily stays lazy). Every package import stays an import. Why:
 * Node.js pays per ES module it links (docs/performance.md, "Lazy loading"). Declarations, and the per-file output the tests and
 * source maps use, stay as tsc wrote them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const entries = process.argv.slice(2);
if (entries.length === 0) throw new Error('bundle-dist: name at least one entry (index, ...)');
const dist = join(process.cwd(), 'dist');
const input = Object.fromEntries(entries.map((name) => [name, join(dist, `${name}.js`)]));
// A build already bundled has nothing left to bundle: rerunning on its own output must not nest chunks.
const marker = '/*! bundled by scripts/bundle-dist.mjs */';
if (entries.every((name) => readFileSync(input[name], 'utf8').startsWith(marker))) process.exit(0);

// Chunks are named by hash: the previous build's would otherwise stay behind and ship.
rmSync(join(dist, 'chunks'), { recursive: true, force: true });
const bundle = await rolldown({
  input,
  platform: 'node',
  logLevel: 'warn',
  // Packages (bare specifiers and node: builtins) and the vendored execa bundle stay imports.
  external: (id) => (!id.startsWith('.') && !id.startsWith('/') ? true : /[/\\]vendor[/\\]execa\.js$/.test(id)),
});
await bundle.write({
  dir: dist,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  banner: marker,
  sourcemap: true,
});
await bundle.close();
