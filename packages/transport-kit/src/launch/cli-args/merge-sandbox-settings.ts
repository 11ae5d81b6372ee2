import type { SandboxSettings } from '@hexagent/core';

/** Lists the two sides combine (deduplicated) instead of one replacing the other. */
const COMBINED_LISTS = new Set([
  'filesystem.denyRead',
  'filesystem.denyWrite',
  'network.deniedDomains',
  'credentials.files',
  'credentials.envVars',
]);
/** Objects the `sandbox` option replaces whole instead of merging key by key. */
const REPLACED_WHOLE = new Set(['ripgrep', 'network.tlsTerminate']);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const PROXY_PORTS = ['httpProxyPort', 'socksProxyPort'] as const;

/** True for inline settings JSON (`{...}`), false for a settings file path. */
export function isInlineSettings(settings: string): boolean {
  const text = settings.trim();
  return text.startsWith('{') && text.endsWith('}');
}

/**
 * The `--settings` JSON with the `sandbox` option folded in, as the official SDK builds it: the
 * option is merged into the inline settings' own `sandbox` block (its values win; nested objects
 * merge key by key, except `ripgrep` and `network.tlsTerminate`; the restriction lists are
 * combined), a `filesystem.disabled: true` is dropped when the option sets `filesystem` or a
 * `credentials.files` deny entry, a proxy port is dropped when the option restricts network domains
 * without setting that port, and `enabled: true` makes `failIfUnavailable` default to `true`.
 *
 * @param settings inline settings JSON (a JSON object, as `validateCliOptions` ensures when there
 *   is a `sandbox`), or `undefined` when there are none.
 */
export function mergeSandboxSettings(settings: string | undefined, sandbox: SandboxSettings): string {
  const base = settings === undefined ? {} : (JSON.parse(settings.trim()) as Record<string, unknown>);
  const merged = mergeObjects(base['sandbox'], sandbox, '');
  dropOverriddenSwitches(merged, sandbox);
  if (sandbox.enabled === true && merged['failIfUnavailable'] === undefined) merged['failIfUnavailable'] = true;
  return JSON.stringify({ ...base, sandbox: merged });
}

function mergeObjects(target: unknown, source: Record<string, unknown>, path: string): Record<string, unknown> {
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(source)) {
    if (UNSAFE_KEYS.has(key) || value === undefined) continue;
    const keyPath = path === '' ? key : `${path}.${key}`;
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    if (COMBINED_LISTS.has(keyPath) && Array.isArray(current) && Array.isArray(value)) {
      result[key] = [...new Set([...current, ...value])];
    } else if (isPlainObject(current) && isPlainObject(value) && !REPLACED_WHOLE.has(keyPath)) {
      result[key] = mergeObjects(current, value, keyPath);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Drops the settings' switches that would undo what the option asks for. */
function dropOverriddenSwitches(merged: Record<string, unknown>, sandbox: SandboxSettings): void {
  const credentialFiles: unknown = sandbox.credentials?.files;
  const setsFilesystem =
    sandbox.filesystem !== undefined ||
    (Array.isArray(credentialFiles) && credentialFiles.some((file) => isPlainObject(file) && file['mode'] === 'deny'));
  const filesystem = merged['filesystem'];
  if (setsFilesystem && sandbox.filesystem?.disabled === undefined && isPlainObject(filesystem)) {
    if (filesystem['disabled'] === true) delete filesystem['disabled'];
  }
  const network = sandbox.network;
  const restrictsDomains =
    network?.allowedDomains !== undefined ||
    (network?.deniedDomains?.length ?? 0) > 0 ||
    network?.strictAllowlist === true;
  const mergedNetwork = merged['network'];
  if (restrictsDomains && isPlainObject(mergedNetwork)) {
    for (const port of PROXY_PORTS) {
      if (network?.[port] === undefined && mergedNetwork[port] !== undefined) delete mergedNetwork[port];
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
