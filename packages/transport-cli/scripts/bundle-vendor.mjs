#!/usr/bin/env node
/**
 * Build step after tsc: bundles signal-exit into `dist/vendor/signal-exit.js` (replacing tsc's
 * one-line re-export, see `src/vendor/signal-exit.ts`) and writes its license next to it, in
 * `dist/vendor/signal-exit.LICENSES.md`. Node.js builtins stay imports; nothing else is left to resolve.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const input = join(root, 'src', 'vendor', 'signal-exit.ts');
const outDir = join(root, 'dist', 'vendor');
const outFile = join(outDir, 'signal-exit.js');

const version = packageJsonOf(dirname(fileURLToPath(import.meta.resolve('signal-exit')))).version;
const bundle = await rolldown({ input, platform: 'node', logLevel: 'warn' });
const { output } = await bundle.write({
  file: outFile,
  format: 'esm',
  sourcemap: false,
  banner: `/*! signal-exit ${version}, bundled into one module by @hexagent/transport-cli's build (scripts/bundle-vendor.mjs). License: signal-exit.LICENSES.md. */`,
});
await bundle.close();
// signal-exit is ESM without CommonJS dependencies: nothing is loaded through createRequire.
if (readFileSync(outFile, 'utf8').includes('createRequire('))
  throw new Error('the signal-exit bundle uses createRequire');
// tsc's declarations and source map describe the re-export this file replaced; nothing imports them.
for (const stale of ['signal-exit.d.ts', 'signal-exit.d.ts.map', 'signal-exit.js.map'])
  rmSync(join(outDir, stale), { force: true });

// The packages whose code went into the bundle, each with its license text.
const chunk = output[0];
const packages = new Map();
for (const id of Object.keys(chunk.modules)) {
  const packageDir = packageDirOf(id);
  if (packageDir === undefined) continue; // this package's own entry module
  const manifest = packageJsonOf(packageDir);
  packages.set(`${manifest.name}@${manifest.version}`, { manifest, packageDir });
}
if (![...packages.keys()].some((key) => key.startsWith('signal-exit@'))) {
  throw new Error(`the bundle holds no signal-exit module: ${Object.keys(chunk.modules).join(', ')}`);
}
const sections = [...packages.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, { manifest, packageDir }]) => {
    const licenseFile = readdirSync(packageDir).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
    if (licenseFile === undefined) throw new Error(`${key} ships no license file (in ${packageDir})`);
    const text = readFileSync(join(packageDir, licenseFile), 'utf8').trim();
    return `## ${key}\n\nLicense: ${manifest.license}\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
writeFileSync(
  join(outDir, 'signal-exit.LICENSES.md'),
  `# Third-party code in signal-exit.js\n\n\`signal-exit.js\` bundles the following packages, unchanged. Their licenses follow.\n\n${sections.join('\n')}`,
);
console.log(
  `bundled ${Object.keys(chunk.modules).length} modules of ${packages.size} packages into ${relative(root, outFile)}`,
);

/** The directory of the npm package a bundled file belongs to (the last `node_modules/<name>` in its path). */
function packageDirOf(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return undefined;
  const name = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + name).join(sep);
}

function packageJsonOf(dir) {
  let current = dir;
  // A package's dist folders may hold a nameless `{"type":"module"}` package.json: look past those.
  while (
    !existsSync(join(current, 'package.json')) ||
    !JSON.parse(readFileSync(join(current, 'package.json'), 'utf8')).name
  ) {
    const parent = dirname(current);
    if (parent === current) throw new Error(`no package.json above ${dir}`);
    current = parent;
  }
  return JSON.parse(readFileSync(join(current, 'package.json'), 'utf8'));
}
