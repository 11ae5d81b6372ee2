import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResolvedSettings, ResolveSettingsOptions } from '../types/settings/resolved-settings.js';
import type { SettingSource } from '../types/settings/setting-source.js';
import type { Settings } from '../types/settings/settings.js';
import { filterEscalatingDefaultMode } from './filter-escalating-default-mode.js';
import { isManagedDropInName, resolveSettingsCascade, type SettingsCascadeInput } from './resolve-settings-cascade.js';

interface Scenario {
  name: string;
  input: { files: Record<string, unknown>; options?: ResolveSettingsOptions };
  resolved: ResolvedSettings;
  filtered: Settings;
}

// The official SDK's answers (0.3.330) on these files, recorded by
// packages/drop-in/scripts/record-settings-fixtures.mjs; its paths are written `<user>` and so on.
const { scenarios } = JSON.parse(
  readFileSync(new URL('./__fixtures__/resolve-settings.json', import.meta.url), 'utf8'),
) as { scenarios: Scenario[] };

const FILE_TIERS: readonly SettingSource[] = ['user', 'project', 'local'];
const text = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/** The scenario's files as the facade would hand them to the core. */
function cascadeInput({ files, options = {} }: Scenario['input']): SettingsCascadeInput {
  const enabled = FILE_TIERS.filter((source) => (options.settingSources ?? FILE_TIERS).includes(source));
  return {
    files: enabled.map((source) => ({ source, path: `<${source}>`, text: text(files[source]) })),
    managedFile: text(files.managed),
    managedDropIns: Object.entries(files)
      .filter(([name]) => name.includes('.'))
      .map(([name, value]) => ({ name, text: text(value) ?? '' })),
    managedSettings: options.managedSettings,
    serverManagedSettings: options.serverManagedSettings,
  };
}

describe('resolveSettingsCascade, against recorded answers', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (_, scenario) => {
    expect(resolveSettingsCascade(cascadeInput(scenario.input))).toEqual(scenario.resolved);
  });
});

describe('filterEscalatingDefaultMode, against recorded answers', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (_, scenario) => {
    expect(filterEscalatingDefaultMode(scenario.resolved)).toEqual(scenario.filtered);
  });
});

describe('resolveSettingsCascade', () => {
  const file = (source: SettingSource, settings: Settings) => ({
    source,
    path: `/${source}.json`,
    text: JSON.stringify(settings),
  });

  it('lets a higher tier win a key and reports the tier that set it last', () => {
    const resolved = resolveSettingsCascade({
      files: [file('user', { model: 'u', verbose: true }), file('project', { model: 'p' }), file('local', {})],
      managedFile: undefined,
      managedDropIns: [],
    });
    expect(resolved.effective).toEqual({ model: 'p', verbose: true });
    expect(resolved.provenance).toEqual({
      model: { source: 'project', path: '/project.json' },
      verbose: { source: 'user', path: '/user.json' },
    });
    expect(resolved.sources.map((source) => source.source)).toEqual(['user', 'project']);
  });

  it('reports an unreadable managed file as a policy that did not load', () => {
    const resolved = resolveSettingsCascade({ files: [], managedFile: '{', managedDropIns: [] });
    expect(resolved).toEqual({ effective: {}, provenance: {}, sources: [], machinePolicy: { didNotLoad: ['file'] } });
  });

  it('reads only visible .json drop-ins', () => {
    expect(['a.json', '.a.json', 'a.txt', 'a.json.bak'].map(isManagedDropInName)).toEqual([true, false, false, false]);
  });
});
