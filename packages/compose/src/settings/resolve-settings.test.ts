import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSettingsInput, resolveSettings } from './resolve-settings.js';
import { settingsPlaces } from './settings-places.js';

let root: string;
let config: string;
let repo: string;
let managed: string;
const write = async (path: string, value: unknown) => {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'hexagent-settings-'));
  config = join(root, 'config');
  repo = join(root, 'repo');
  managed = join(root, 'managed');
  await mkdir(join(repo, '.claude'), { recursive: true });
  vi.stubEnv('CLAUDE_CONFIG_DIR', config);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe('resolveSettings', () => {
  it('reads the user file from CLAUDE_CONFIG_DIR and the project files under cwd', async () => {
    await write(join(config, 'settings.json'), { model: 'user', env: { A: '1' } });
    await write(join(repo, '.claude', 'settings.json'), { model: 'project' });
    await write(join(repo, '.claude', 'settings.local.json'), { env: { B: '2' } });
    const resolved = await resolveSettings({ cwd: repo });
    expect(resolved.effective).toEqual({ model: 'project', env: { A: '1', B: '2' } });
    expect(resolved.provenance.model).toEqual({ source: 'project', path: join(repo, '.claude', 'settings.json') });
    expect(resolved.sources.map((source) => [source.source, source.path])).toEqual([
      ['user', join(config, 'settings.json')],
      ['project', join(repo, '.claude', 'settings.json')],
      ['local', join(repo, '.claude', 'settings.local.json')],
    ]);
  });

  it('reads only the chosen sources, and takes managedSettings as the policy tier', async () => {
    await write(join(config, 'settings.json'), { model: 'user' });
    await write(join(repo, '.claude', 'settings.json'), { model: 'project' });
    const resolved = await resolveSettings({
      cwd: repo,
      settingSources: ['project'],
      managedSettings: { model: 'dropped', permissions: { deny: ['Bash'] } },
    });
    expect(resolved.effective).toEqual({ model: 'project', permissions: { deny: ['Bash'] } });
    expect(resolved.provenance.permissions).toEqual({ source: 'managed', policyOrigin: 'parent' });
  });

  it('finds nothing where there are no files', async () => {
    expect(await resolveSettings({ cwd: repo, settingSources: [] })).toMatchObject({
      effective: {},
      provenance: {},
      sources: [],
    });
  });
});

describe('readSettingsInput', () => {
  it('reads the managed file and its visible .json drop-ins, missing files as undefined', async () => {
    await write(join(managed, 'managed-settings.json'), { model: 'm' });
    await write(join(managed, 'managed-settings.d', 'b.json'), { model: 'b' });
    await write(join(managed, 'managed-settings.d', '.hidden.json'), {});
    await write(join(managed, 'managed-settings.d', 'notes.txt'), 'x');
    await mkdir(join(managed, 'managed-settings.d', 'dir.json'));
    await symlink(join(managed, 'managed-settings.json'), join(managed, 'managed-settings.d', 'a.json'));
    const input = await readSettingsInput(
      { cwd: repo },
      { userFile: join(config, 'settings.json'), managedDir: managed },
    );
    expect(input.files.map((file) => [file.source, file.text])).toEqual([
      ['user', undefined],
      ['project', undefined],
      ['local', undefined],
    ]);
    expect(input.managedFile).toBe('{"model":"m"}');
    expect(input.managedDropIns.map((dropIn) => dropIn.name).sort()).toEqual(['a.json', 'b.json']);
  });
});

describe('settingsPlaces', () => {
  it('follows CLAUDE_CONFIG_DIR, else the home folder, and the platform', () => {
    expect(settingsPlaces({ CLAUDE_CONFIG_DIR: '/c' }, 'linux', '/h')).toEqual({
      userFile: join('/c', 'settings.json'),
      managedDir: '/etc/claude-code',
    });
    expect(settingsPlaces({}, 'darwin', '/h')).toEqual({
      userFile: join('/h', '.claude', 'settings.json'),
      managedDir: '/Library/Application Support/ClaudeCode',
    });
    expect(settingsPlaces({}, 'win32', '/h').managedDir).toBe('C:\\Program Files\\ClaudeCode');
  });
});
