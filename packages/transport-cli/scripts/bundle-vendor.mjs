#!/usr/bin/env node
/**
 * Build step after tsc: bundles execa (with signal-exit, its exit hook) and their dependencies into
 * `dist/vendor/execa.js` (replacing tsc's re-export, see `src/vendor/execa.ts`) and writes their
 * licenses next to it, in `dist/vendor/execa.LICENSES.md`. Node.js builtins stay imports; nothing
 * else is left to resolve.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const input = join(root, 'src', 'vendor', 'execa.ts');
const outDir = join(root, 'dist', 'vendor');
const outFile = join(outDir, 'execa.js');

const version = packageJsonOf(dirname(fileURLToPath(import.meta.resolve('execa')))).version;
const bundle = await rolldown({ input, platform: 'node', logLevel: 'warn' });
const { output } = await bundle.write({
  file: outFile,
  format: 'esm',
  sourcemap: false,
  banner: `/*! execa ${version} and its dependencies (signal-exit among them), bundled into one module by @hexagent/transport-cli's build (scripts/bundle-vendor.mjs). Licenses: execa.LICENSES.md. */`,
});
await bundle.close();
// The bundle loads execa's CommonJS dependencies (cross-spawn) with `createRequire(import.meta.url)`.
// An app bundled to CommonJS (esbuild --format=cjs) has no `import.meta.url`: the bundle's own file stands in.
const code = readFileSync(outFile, 'utf8');
const fallback =
  'createRequire(import.meta.url || (typeof __filename === "string" ? __filename : process.cwd() + "/index.js"))';
if (!code.includes('createRequire(import.meta.url)'))
  throw new Error('the execa bundle no longer calls createRequire(import.meta.url)');
writeFileSync(outFile, code.replaceAll('createRequire(import.meta.url)', fallback));
// tsc's declarations and source map describe the re-export this file replaced; nothing imports them.
for (const stale of ['execa.d.ts', 'execa.d.ts.map', 'execa.js.map']) rmSync(join(outDir, stale), { force: true });

// The packages whose code went into the bundle, each with its license text.
const chunk = output[0];
const packages = new Map();
for (const id of Object.keys(chunk.modules)) {
  const packageDir = packageDirOf(id);
  if (packageDir === undefined) continue; // this package's own entry module
  const manifest = packageJsonOf(packageDir);
  packages.set(`${manifest.name}@${manifest.version}`, { manifest, packageDir });
}
for (const name of ['execa', 'signal-exit']) {
  const copies = [...packages.keys()].filter((key) => key.startsWith(`${name}@`));
  // One signal-exit: execa's exit hook and the process-group one share its single set of listeners.
  if (copies.length !== 1) throw new Error(`the bundle holds ${copies.length} copies of ${name}: ${copies.join(', ')}`);
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
  join(outDir, 'execa.LICENSES.md'),
  `# Third-party code in execa.js\n\n\`execa.js\` bundles the following packages, unchanged. Their licenses follow.\n\n${sections.join('\n')}`,
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
