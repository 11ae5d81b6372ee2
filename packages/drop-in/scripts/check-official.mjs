// Compiles every snippet against the official @anthropic-ai/claude-agent-sdk, with only the import
// changed back, so the snippets stay code written for the official SDK.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.official');
rmSync(out, { recursive: true, force: true });
for (const folder of ['snippets', 'pending']) {
  mkdirSync(join(out, folder), { recursive: true });
  for (const file of readdirSync(join(root, 'src', folder)).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(root, 'src', folder, file), 'utf8');
    writeFileSync(join(out, folder, file), source.replaceAll("'@hexagent/sdk'", "'@anthropic-ai/claude-agent-sdk'"));
  }
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../../tsconfig.base.json',
    compilerOptions: { noEmit: true, types: ['node'] },
    include: ['snippets', 'pending'],
  }),
);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], {
  stdio: 'inherit',
});
