// Records the official SDK's resolveSettings and filterEscalatingDefaultMode answers on the
// scenarios of core's settings fixtures, for core's unit tests (hexagent never runs the official
// SDK at test time). Linux, as root: the managed-settings tier lives in /etc/claude-code, so the
// recording runs in a private mount namespace over an empty /etc and leaves the machine's own alone.
//   node packages/drop-in/scripts/record-settings-fixtures.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, '../../core/src/settings/__fixtures__/resolve-settings.json');
const MANAGED = '/etc/claude-code';

if (process.env.RECORD_IN_NAMESPACE !== '1') {
  const inner = `mount --make-rprivate / && mount -t tmpfs none /etc && mkdir ${MANAGED} && exec "${process.execPath}" "${fileURLToPath(import.meta.url)}"`;
  const run = spawnSync('unshare', ['-m', 'sh', '-c', inner], {
    stdio: 'inherit',
    env: { ...process.env, RECORD_IN_NAMESPACE: '1' },
  });
  process.exit(run.status ?? 1);
}

const { resolveSettings, filterEscalatingDefaultMode } = await import('@anthropic-ai/claude-agent-sdk');
const recorded = JSON.parse(readFileSync(fixture, 'utf8'));
const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

for (const scenario of recorded.scenarios) {
  const root = mkdtempSync(join(tmpdir(), 'settings-'));
  const config = join(root, 'config');
  const repo = join(root, 'repo');
  mkdirSync(config);
  mkdirSync(join(repo, '.claude'), { recursive: true });
  rmSync(MANAGED, { recursive: true, force: true });
  mkdirSync(join(MANAGED, 'managed-settings.d'), { recursive: true });
  const { files = {}, options = {} } = scenario.input;
  const places = {
    user: join(config, 'settings.json'),
    project: join(repo, '.claude', 'settings.json'),
    local: join(repo, '.claude', 'settings.local.json'),
    managed: join(MANAGED, 'managed-settings.json'),
  };
  for (const [name, value] of Object.entries(files)) {
    const path = places[name] ?? join(MANAGED, 'managed-settings.d', name);
    writeFileSync(path, text(value));
  }
  process.env.CLAUDE_CONFIG_DIR = config;
  const resolved = await resolveSettings({ ...options, cwd: repo });
  const placeholders = JSON.stringify(resolved)
    .replaceAll(places.user, '<user>')
    .replaceAll(places.project, '<project>')
    .replaceAll(places.local, '<local>');
  scenario.resolved = JSON.parse(placeholders);
  scenario.filtered = filterEscalatingDefaultMode(resolved);
  rmSync(root, { recursive: true, force: true });
}
writeFileSync(fixture, `${JSON.stringify(recorded, null, 2)}\n`);
console.log(`recorded ${recorded.scenarios.length} scenarios`);
