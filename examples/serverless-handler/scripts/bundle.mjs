#!/usr/bin/env node
/**
 * Bundles the function into one file, `dist/function.mjs`, with esbuild: everything it imports
 * (the SDK, the WebSocket transport, the PostgreSQL store, their dependencies) inlined, nothing
 * left to install. Two of pg's optional dependencies stay out: `pg-native` (a native driver pg loads
 * only when asked) and `pg-cloudflare` (loaded only on Cloudflare Workers); an install with
 * `--omit=optional` does not have them.
 * Writes `dist/function.meta.json` (esbuild's metafile: what takes the room) beside it.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist', 'function.mjs');
const result = await build({
  entryPoints: [join(root, 'src', 'function.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  metafile: true,
  outfile,
  external: ['pg-native', 'pg-cloudflare'],
  // CommonJS dependencies (ws, pg) require Node's built-ins: give the ES module bundle a `require`.
  banner: {
    js: "import { createRequire as __hexagentRequire } from 'node:module'; const require = __hexagentRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
writeFileSync(join(root, 'dist', 'function.meta.json'), JSON.stringify(result.metafile));
