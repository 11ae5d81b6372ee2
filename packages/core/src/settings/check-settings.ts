import type { Settings } from '../types/settings/settings.js';
import { checkHooks, declaresGuardHooksOutside } from './check-hooks.js';
import { isJsonObject, type JsonObject } from './merge-settings.js';
import { MANAGED_ONLY_SETTINGS_KEYS, SETTINGS_KEY_RULES, SETTINGS_KEY_VALUES } from './settings-key-rules.js';

/**
 * Where a settings object comes from, which decides what a bad value costs:
 * - `file`: a user, project or local file. A key of the wrong kind makes the CLI ignore the whole
 *   file (for most keys), and the managed-only keys are dropped.
 * - `policy`: managed settings (`managed-settings.json`, a drop-in, `managedSettings`,
 *   `serverManagedSettings`). A bad value loses only its key, and a `permissions` that is not an
 *   object fails closed: it becomes every permission lock. A guard hook that cannot be loaded loses
 *   the whole `hooks` (the policy's other settings stay in force).
 */
export type SettingsOrigin = 'file' | 'policy';

// What a policy's unreadable `permissions` turns into: nothing may loosen the user's permissions.
const LOCKED_PERMISSIONS = {
  disableBypassPermissionsMode: 'disable',
  blockReadsOutsideWorkingDirectories: true,
  blockWritesOutsideWorkingDirectories: true,
  disableAutoMode: 'disable',
  denyInsteadOfPrompting: true,
} as const;
// The CLI reads the old boolean form of `attribution` as these objects.
const ATTRIBUTION_OFF = { commit: '', pr: '', sessionUrl: false } as const;
const PERMISSION_MODES: readonly string[] = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];
const RULE_LISTS = ['allow', 'deny', 'ask'] as const;
// `Tool`, `Tool(specifier)` or an MCP tool or server name.
const PERMISSION_RULE = /^(?:[A-Z][A-Za-z0-9_]*|mcp__[A-Za-z0-9_-]+)(?:\(.+\))?$/;

/**
 * Checks a settings object the way the CLI checks one it reads, as far as hexagent knows the
 * CLI's schema: each top-level key's kind (see `SETTINGS_KEY_RULES`), `env` values (made strings),
 * the permission rule lists (a rule that does not parse is dropped), `permissions.defaultMode`, and
 * `hooks` (see `checkHooks`: the events this release knows; a guard hook that cannot be loaded fails
 * closed, other broken matchers and entries are dropped). Returns the settings the CLI would keep,
 * or `null` when it would ignore them all.
 */
export function checkSettings(value: unknown, origin: SettingsOrigin): Settings | null {
  if (!isJsonObject(value)) return null;
  const lenient = origin === 'policy';
  // Guard hooks where they cannot be read: the settings beside them may be what they guard.
  if (!lenient && declaresGuardHooksOutside(value)) return null;
  const out: JsonObject = {};
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'hooks') {
      const hooks = checkHooks(raw);
      if (hooks.unloadableGuard) {
        if (!lenient) return null;
        continue;
      }
      if (hooks.hooks !== undefined) {
        out[key] = hooks.hooks;
        continue;
      }
    }
    if (!lenient && MANAGED_ONLY_SETTINGS_KEYS.includes(key)) continue;
    if (lenient && key === 'permissions' && !isJsonObject(raw)) {
      out[key] = { ...LOCKED_PERMISSIONS };
      continue;
    }
    const verdict = judgeKey(key, raw);
    if (verdict === 'reject' && !lenient) return null;
    if (verdict !== 'keep') {
      // The CLI keeps a key whose value it could not read, valueless (the settings still count as
      // ones that set something); a policy's broken lock or skip switch fails closed.
      if (lenient && key in FAIL_CLOSED) out[key] = FAIL_CLOSED[key];
      else if (raw !== null && (verdict === 'void' || lenient)) out[key] = lenient ? failClosed(key) : undefined;
      continue;
    }
    if (key === 'env' && isJsonObject(raw)) out[key] = stringValues(raw);
    else if (key === 'attribution' && typeof raw === 'boolean') out[key] = raw ? {} : ATTRIBUTION_OFF;
    else if (key.endsWith('McpjsonServers') && typeof raw === 'string') out[key] = [raw];
    else if (key === 'desktopMcpServersListScope' && typeof raw !== 'string') out[key] = 'all';
    // The old name of `extraKnownMarketplaces`.
    else if (key === 'additionalMarketplaces') out.extraKnownMarketplaces ??= raw;
    else if (key === 'permissions' && isJsonObject(raw)) {
      const permissions = checkPermissions(raw, lenient);
      if (permissions === null) return null;
      if (Object.keys(permissions).length > 0 || !lenient) out[key] = permissions;
    } else out[key] = raw;
  }
  return out as Settings;
}

function judgeKey(key: string, value: unknown): 'keep' | 'drop' | 'void' | 'reject' {
  const rule = SETTINGS_KEY_RULES[key];
  if (rule === undefined) return 'keep';
  const [accepts = '*', costs = 'rr'] = rule.split(':');
  if (value === null) return costs[1] === 'k' ? 'keep' : costs[1] === 'r' ? 'reject' : 'drop';
  const values = SETTINGS_KEY_VALUES[key];
  const fits =
    (accepts === '*' || accepts.includes(kindLetter(value))) &&
    (values === undefined || typeof value !== 'string' || values.includes(value));
  if (fits) return 'keep';
  return costs[0] === 'r' ? 'reject' : 'void';
}

// What a policy's unreadable value of these keys becomes (null included): the restrictive choice.
const FAIL_CLOSED: Readonly<Record<string, unknown>> = {
  enforceAvailableModels: true,
  allowedHttpHookUrls: [],
  allowedChannelPlugins: [],
  forceLoginOrgUUID: [],
};

// Only the switches the CLI reads with a fallback (rule `b:rs`) have one.
function failClosed(key: string): unknown {
  const boolean = SETTINGS_KEY_RULES[key] === 'b:rs';
  if (key.startsWith('disable') || key.startsWith('allowManaged'))
    return boolean ? true : SETTINGS_KEY_VALUES[key]?.[0];
  return (key.startsWith('skip') || key.startsWith('enable')) && boolean ? false : undefined;
}

function kindLetter(value: unknown): string {
  if (Array.isArray(value)) return 'a';
  if (typeof value === 'object') return 'o';
  return typeof value === 'string' ? 's' : typeof value === 'number' ? 'n' : typeof value === 'boolean' ? 'b' : '?';
}

// The CLI turns every environment value into a string, whatever its JSON kind.
function stringValues(env: JsonObject): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value)]));
}

function checkPermissions(permissions: JsonObject, lenient: boolean): JsonObject | null {
  const out: JsonObject = { ...permissions };
  for (const list of RULE_LISTS) {
    const rules = permissions[list];
    if (rules === undefined) continue;
    if (!Array.isArray(rules)) {
      if (!lenient) return null;
      delete out[list];
      continue;
    }
    const valid = rules.filter((rule): rule is string => typeof rule === 'string' && PERMISSION_RULE.test(rule));
    // A policy's list with nothing valid in it adds nothing, except an `allow` list that meant to
    // allow something: it stays, empty, and allows nothing.
    if (valid.length > 0 || !lenient || (list === 'allow' && rules.length > 0)) out[list] = valid;
    else delete out[list];
  }
  const mode = permissions.defaultMode;
  if (mode !== undefined && !(typeof mode === 'string' && PERMISSION_MODES.includes(mode))) {
    if (!lenient) return null;
    out.defaultMode = 'default';
  }
  return out;
}
