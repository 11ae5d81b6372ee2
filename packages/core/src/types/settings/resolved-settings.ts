import type { SettingSource } from './setting-source.js';
import type { Settings } from './settings.js';

/** The effective settings after merging every source, with where each key came from. */
export type ResolvedSettings = {
  effective: Settings;
  provenance: Partial<Record<keyof Settings, ProvenanceEntry>>;
  sources: Array<{
    source: ResolvedSettingSource;
    settings: Settings;
    path?: string;
    policyOrigin?: PolicySettingsOrigin;
  }>;
  machinePolicy?: {
    didNotLoad: false | Array<'profile' | 'registry' | 'file'>;
  };
};

/** A source of settings in a resolution. */
export type ResolvedSettingSource = SettingSource | 'managed' | 'flag';

/** What settings resolution starts from. */
export type ResolveSettingsOptions = {
  cwd?: string;
  settingSources?: SettingSource[];
  managedSettings?: Settings;
  serverManagedSettings?: Settings;
};

/** Where one effective setting came from. */
export type ProvenanceEntry = {
  source: ResolvedSettingSource;
  path?: string;
  policyOrigin?: PolicySettingsOrigin;
};

/** Which policy sub-source supplied a managed value. */
export type PolicySettingsOrigin = 'helper' | 'remote' | 'plist' | 'hklm' | 'file' | 'parent' | 'hkcu';

/** Which of some models a denied-models list blocks. */
export type DeniedModelsMatch = {
  denied: boolean[];
  warnings: string[];
};
