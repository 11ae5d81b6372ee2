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
    /**
     * `true` from the first time in this process that a re-read of the Windows registry policy
     * found other settings than those in force although `registryPolicyFingerprint` had not
     * changed. hexagent reads no registry policy, so it never sets it.
     */
    registryPolicyDifferedFromFingerprint?: true;
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
  /**
   * On native Windows, spares re-reads of the registry policy: a fingerprint of the `Settings`
   * value of `SOFTWARE\\Policies\\ClaudeCode` in each hive (`null` where absent, `undefined` where
   * it cannot be told). Taken for the official signature; hexagent reads no registry policy, so it
   * never calls it. @alpha
   */
  registryPolicyFingerprint?: () =>
    | {
        hklm: string | null;
        hkcu: string | null;
      }
    | undefined;
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
