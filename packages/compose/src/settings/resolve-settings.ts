import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  isManagedDropInName,
  type ResolvedSettings,
  type ResolveSettingsOptions,
  resolveSettingsCascade,
  type SettingSource,
  type SettingsCascadeInput,
} from '@hexagent/core';
import { type SettingsPlaces, settingsPlaces } from './settings-places.js';

const ALL_SOURCES: readonly SettingSource[] = ['user', 'project', 'local'];

/**
 * Resolves the effective Claude Code settings for the given options as the CLI merges them,
 * without spawning the CLI: what configuration a `query()` with the same `cwd`,
 * `settingSources` and `managedSettings` would see. Reads the user's settings
 * (`$CLAUDE_CONFIG_DIR` or `~/.claude`), the project's `.claude/settings.json` and
 * `.claude/settings.local.json` under `cwd`, and the machine's `managed-settings.json` with its
 * `managed-settings.d/` drop-ins (read even when `settingSources` is `[]`).
 *
 * This is the raw settings cascade, not a security decision: pass the result through
 * {@link filterEscalatingDefaultMode} before acting on `permissions.defaultMode`. hexagent reads
 * the policy tier from files and from the options; an MDM profile or the Windows registry is not
 * read (the migration guide lists the differences).
 *
 * @example
 * ```ts
 * const { effective, provenance } = await resolveSettings({ cwd: '/path/to/repo' });
 * console.log(effective.model, provenance.model?.source);
 * ```
 */
export async function resolveSettings(options: ResolveSettingsOptions = {}): Promise<ResolvedSettings> {
  return resolveSettingsCascade(await readSettingsInput(options, settingsPlaces()));
}

/** Reads every file a resolution needs; missing and unreadable files come back as `undefined`. */
export async function readSettingsInput(
  options: ResolveSettingsOptions,
  places: SettingsPlaces,
): Promise<SettingsCascadeInput> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const paths: Record<SettingSource, string> = {
    user: places.userFile,
    project: join(cwd, '.claude', 'settings.json'),
    local: join(cwd, '.claude', 'settings.local.json'),
  };
  const enabled = ALL_SOURCES.filter((source) => (options.settingSources ?? ALL_SOURCES).includes(source));
  const [files, managedFile, managedDropIns] = await Promise.all([
    Promise.all(enabled.map(async (source) => ({ source, path: paths[source], text: await readText(paths[source]) }))),
    readText(join(places.managedDir, 'managed-settings.json')),
    readDropIns(join(places.managedDir, 'managed-settings.d')),
  ]);
  return {
    files,
    managedFile,
    managedDropIns,
    ...(options.managedSettings !== undefined && { managedSettings: options.managedSettings }),
    ...(options.serverManagedSettings !== undefined && { serverManagedSettings: options.serverManagedSettings }),
  };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function readDropIns(dir: string): Promise<{ name: string; text: string }[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isManagedDropInName(entry.name))
    .map((entry) => entry.name);
  const read = await Promise.all(names.map(async (name) => ({ name, text: await readText(join(dir, name)) })));
  return read.flatMap(({ name, text }) => (text === undefined ? [] : [{ name, text }]));
}
