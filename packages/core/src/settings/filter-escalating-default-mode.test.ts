import { describe, expect, it } from 'vitest';
import type { PermissionMode } from '../types/permissions/permission-update.js';
import type { ResolvedSettingSource, ResolvedSettings } from '../types/settings/resolved-settings.js';
import { filterEscalatingDefaultMode } from './filter-escalating-default-mode.js';

// A resolution whose tiers each set `permissions.defaultMode`, lowest first.
function resolvedWith(...tiers: [ResolvedSettingSource, PermissionMode][]): ResolvedSettings {
  const sources = tiers.map(([source, defaultMode]) => ({ source, settings: { permissions: { defaultMode } } }));
  const last = tiers[tiers.length - 1];
  return {
    effective: { model: 'm', permissions: { allow: ['Read'], ...(last && { defaultMode: last[1] }) } },
    provenance: {},
    sources,
  };
}

describe('filterEscalatingDefaultMode', () => {
  it.each([
    ['project', 'bypassPermissions'],
    ['project', 'auto'],
    ['project', 'acceptEdits'],
    ['local', 'bypassPermissions'],
    ['local', 'auto'],
  ] as const)('drops %s %s', (source, mode) => {
    expect(filterEscalatingDefaultMode(resolvedWith([source, mode]))).toEqual({
      model: 'm',
      permissions: { allow: ['Read'] },
    });
  });

  it.each([
    ['local', 'acceptEdits'],
    ['user', 'bypassPermissions'],
    ['managed', 'bypassPermissions'],
    ['flag', 'auto'],
    ['project', 'plan'],
    ['project', 'dontAsk'],
  ] as const)('keeps %s %s', (source, mode) => {
    const resolved = resolvedWith([source, mode]);
    expect(filterEscalatingDefaultMode(resolved)).toBe(resolved.effective);
  });

  it('judges the tier that set the effective mode, not a lower one', () => {
    expect(
      filterEscalatingDefaultMode(resolvedWith(['project', 'bypassPermissions'], ['user', 'bypassPermissions'])),
    ).toEqual({ model: 'm', permissions: { allow: ['Read'], defaultMode: 'bypassPermissions' } });
    expect(
      filterEscalatingDefaultMode(resolvedWith(['user', 'acceptEdits'], ['project', 'acceptEdits'])).permissions,
    ).toEqual({ allow: ['Read'] });
  });

  it('leaves settings without a mode alone, and changes nothing it is given', () => {
    const resolved: ResolvedSettings = { effective: { model: 'm' }, provenance: {}, sources: [] };
    expect(filterEscalatingDefaultMode(resolved)).toBe(resolved.effective);
    const escalating = resolvedWith(['project', 'bypassPermissions']);
    filterEscalatingDefaultMode(escalating);
    expect(escalating.effective.permissions?.defaultMode).toBe('bypassPermissions');
  });
});
