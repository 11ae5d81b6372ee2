import type {
  PolicySettingsOrigin,
  ProvenanceEntry,
  ResolvedSettingSource,
  ResolvedSettings,
} from '../types/settings/resolved-settings.js';
import type { SettingSource } from '../types/settings/setting-source.js';
import type { Settings } from '../types/settings/settings.js';
import { checkSettings } from './check-settings.js';
import { composePolicySettings, type PolicySource } from './compose-policy-settings.js';
import { mergeSettings } from './merge-settings.js';
import { parseSettingsText } from './parse-settings-text.js';
import { restrictParentSettings } from './restrict-parent-settings.js';

/** One user, project or local settings file as read: its text, or `undefined` when it is absent or unreadable. */
export interface SettingsFileText {
  readonly source: SettingSource;
  readonly path: string;
  readonly text: string | undefined;
}

/** What a settings resolution starts from, everything already read from disk. */
export interface SettingsCascadeInput {
  /** The enabled user, project and local files, lowest precedence first. */
  readonly files: readonly SettingsFileText[];
  /** The text of `managed-settings.json`, or `undefined` when there is none. */
  readonly managedFile: string | undefined;
  /** The drop-ins of `managed-settings.d/` (their names and texts, any order; see {@link isManagedDropInName}). */
  readonly managedDropIns: readonly { readonly name: string; readonly text: string }[];
  /** The host's restrictive policy settings (`managedSettings`). */
  readonly managedSettings?: Settings | undefined;
  /** The server-managed settings payload (`serverManagedSettings`). */
  readonly serverManagedSettings?: Settings | undefined;
}

/** Whether a file in `managed-settings.d/` is a drop-in the CLI reads (`*.json`, not hidden). */
export function isManagedDropInName(name: string): boolean {
  return name.endsWith('.json') && !name.startsWith('.');
}

/**
 * Resolves the settings cascade from settings already read: each file checked as the CLI checks it,
 * the managed tier composed from its sources, then every tier merged, lowest first (user, project,
 * local, managed). Pure; the facade's `resolveSettings` does the reading.
 */
export function resolveSettingsCascade(input: SettingsCascadeInput): ResolvedSettings {
  const sources: ResolvedSettings['sources'] = [];
  for (const file of input.files) {
    const parsed = file.text === undefined ? undefined : parseSettingsText(file.text);
    const settings = parsed?.kind === 'object' ? checkSettings(parsed.value, 'file') : null;
    if (settings && Object.keys(settings).length > 0) sources.push({ source: file.source, settings, path: file.path });
  }
  const managed = readManagedFiles(input);
  const policy = composePolicySettings(
    [
      hostSource('remote', input.serverManagedSettings),
      managed.present ? { origin: 'file' as const, settings: managed.settings } : null,
    ].filter((source): source is PolicySource => source !== null),
    parentSettings(input.managedSettings),
  );
  if (policy) sources.push({ source: 'managed', settings: policy.settings, policyOrigin: policy.origin });

  const effective = sources.reduce<Settings>((merged, source) => mergeSettings(merged, source.settings), {});
  const provenance: ResolvedSettings['provenance'] = {};
  for (const key of Object.keys(effective)) {
    const setter = sources.findLast((source) => source.settings[key] !== undefined);
    if (setter) provenance[key] = provenanceOf(setter);
  }
  return {
    effective,
    provenance,
    sources,
    machinePolicy: { didNotLoad: managed.unreadable ? ['file'] : false },
  };
}

// managed-settings.json, then its drop-ins in name order, each laid over the one before. `present`:
// some file set a key, even one whose value the check then voided (the tier still counts as the file's).
function readManagedFiles(input: SettingsCascadeInput): { settings: Settings; present: boolean; unreadable: boolean } {
  const texts = [
    ...(input.managedFile === undefined ? [] : [input.managedFile]),
    ...input.managedDropIns
      .filter((dropIn) => isManagedDropInName(dropIn.name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((dropIn) => dropIn.text),
  ];
  let settings: Settings = {};
  let present = false;
  let unreadable = false;
  for (const text of texts) {
    const parsed = parseSettingsText(text);
    if (parsed.kind === 'unreadable') unreadable = true;
    if (parsed.kind !== 'object') continue;
    const checked = checkSettings(parsed.value, 'policy') ?? {};
    present ||= Object.keys(checked).length > 0;
    settings = mergeSettings(settings, checked);
  }
  return { settings, present, unreadable };
}

function hostSource(origin: PolicySettingsOrigin, given: Settings | undefined): PolicySource | null {
  const settings = checkSettings(given, 'policy');
  return settings && Object.keys(settings).length > 0 ? { origin, settings } : null;
}

function parentSettings(given: Settings | undefined): Settings | null {
  const checked = checkSettings(given, 'policy');
  return checked ? restrictParentSettings(checked) : null;
}

function provenanceOf(source: ResolvedSettings['sources'][number]): ProvenanceEntry {
  const entry: { source: ResolvedSettingSource; path?: string; policyOrigin?: PolicySettingsOrigin } = {
    source: source.source,
  };
  if (source.path !== undefined) entry.path = source.path;
  if (source.policyOrigin !== undefined) entry.policyOrigin = source.policyOrigin;
  return entry;
}
