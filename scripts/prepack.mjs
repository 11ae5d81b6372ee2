#!/usr/bin/env node
/**
 * `prepack` of every published package (run in the package's directory by `pnpm pack` and
 * `pnpm publish`, before the file list is made):
 * - refuses to pack with anything but pnpm while the manifest has a `workspace:` range: pnpm
 *   rewrites `workspace:*` to the real version in the packed manifest, npm and yarn would ship it
 *   as is, and `npm install` of such a tarball fails. The release path is `pnpm publish -r`
 *   (RELEASING.md);
 * - copies the repository's LICENSE into the package, so every tarball carries it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
// biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the package manager running this script, not a build input
const agent = process.env.npm_config_user_agent ?? '';

const leaks = [];
for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
  for (const [name, range] of Object.entries(manifest[field] ?? {})) {
    if (String(range).startsWith('workspace:')) leaks.push(`${field}.${name}: ${range}`);
  }
}
if (leaks.length > 0 && !agent.startsWith('pnpm/')) {
  console.error(
    `${manifest.name}: refusing to pack with ${agent.split(' ')[0] || 'an unknown package manager'}: ` +
      `these ranges would ship as they are and break \`npm install\`:\n  ${leaks.join('\n  ')}\n` +
      'Pack and publish with pnpm (`pnpm pack`, `pnpm publish -r`), which rewrites them; see RELEASING.md.',
  );
  process.exit(1);
}

// Packs of one package can run at once (the packaging tests, on two Node.js lines): a LICENSE already
// right is left alone, else it is written aside and renamed, so no pack reads it half written.
const license = readFileSync(join(root, 'LICENSE'));
if (!existsSync('LICENSE') || !readFileSync('LICENSE').equals(license)) {
  const aside = `LICENSE.${process.pid}.tmp`;
  writeFileSync(aside, license);
  renameSync(aside, 'LICENSE');
}
