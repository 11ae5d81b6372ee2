import type { PolicySettingsOrigin } from '../types/settings/resolved-settings.js';
import type { Settings } from '../types/settings/settings.js';
import { mergeSettings, mergeSettingsUnder } from './merge-settings.js';

/** One present source of managed settings and which kind it is. */
export interface PolicySource {
  readonly origin: PolicySettingsOrigin;
  readonly settings: Settings;
}

/**
 * Composes the managed (policy) tier from its sources as the CLI does by default ("first-wins"):
 * the highest admin source with settings (`admin`, highest first: server-managed, then the
 * managed-settings file) is the tier, and only its `env` is filled from the lower ones. When that
 * source sets `managedSourcesBehavior: 'merge'`, every admin source fills it instead. The host's
 * `parent` settings count only when no admin source has settings, or when the tier sets
 * `parentSettingsBehavior: 'merge'` (then they lie under it). The tier is reported as coming from
 * the highest admin source given, even one whose every setting was dropped.
 */
export function composePolicySettings(admin: readonly PolicySource[], parent: Settings | null): PolicySource | null {
  const origin = admin[0]?.origin ?? 'parent';
  const [top, ...lower] = admin.filter((source) => hasSettings(source.settings));
  if (!top) return parent ? { origin, settings: parent } : null;
  // The switch is spent on the composition; the tier does not carry it.
  const { managedSourcesBehavior, ...highest } = top.settings;
  let settings: Settings;
  if (managedSourcesBehavior === 'merge') {
    settings = lower.reduce((tier, source) => mergeSettingsUnder(tier, withoutSwitch(source.settings)), highest);
  } else {
    const env = lower.reduce((tier, source) => mergeSettingsUnder(tier, source.settings.env ?? {}), highest.env ?? {});
    const { env: _own, ...rest } = highest;
    settings = Object.keys(env).length > 0 ? { ...rest, env } : rest;
  }
  if (parent && settings.parentSettingsBehavior === 'merge') settings = mergeSettings(parent, settings);
  return hasSettings(settings) ? { origin, settings } : null;
}

function withoutSwitch(settings: Settings): Settings {
  const { managedSourcesBehavior: _spent, ...rest } = settings;
  return rest;
}

function hasSettings(settings: Settings): boolean {
  return Object.values(settings).some((value) => value !== undefined);
}
