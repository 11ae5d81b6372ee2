import type { ResolvedSettingSource, ResolvedSettings } from '../types/settings/resolved-settings.js';
import type { Settings } from '../types/settings/settings.js';

// Files a repository can carry: a clone must not grant itself these modes.
const UNTRUSTED_FOR: Readonly<Record<string, readonly ResolvedSettingSource[]>> = {
  bypassPermissions: ['project', 'local'],
  auto: ['project', 'local'],
  acceptEdits: ['project'],
};

/**
 * Applies the trust filter the CLI applies before it honours an escalating permission mode from
 * settings: when `permissions.defaultMode` is `bypassPermissions` or `auto` and the tier that set
 * it is a repository's (`project` or `local`), or it is `acceptEdits` set by `project`, the mode is
 * left out of the returned settings. Otherwise `resolved.effective` comes back as it is.
 *
 * @example
 * ```ts
 * const settings = filterEscalatingDefaultMode(await resolveSettings({ cwd: repo }));
 * const mode = settings.permissions?.defaultMode ?? 'default';
 * ```
 */
export function filterEscalatingDefaultMode(resolved: ResolvedSettings): Settings {
  const mode = resolved.effective.permissions?.defaultMode;
  const untrusted = mode === undefined ? undefined : UNTRUSTED_FOR[mode];
  if (!untrusted) return resolved.effective;
  const setter = resolved.sources.findLast((source) => source.settings.permissions?.defaultMode !== undefined);
  if (!setter || !untrusted.includes(setter.source)) return resolved.effective;
  const { defaultMode: _dropped, ...permissions } = resolved.effective.permissions ?? {};
  return { ...resolved.effective, permissions };
}
