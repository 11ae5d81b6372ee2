import { HOOK_EVENTS } from '../types/hooks/hook-events.js';
import { isJsonObject, type JsonObject } from './merge-settings.js';

/**
 * The hook events whose hooks may be what guards a permission (a tool call, a permission request,
 * a skill's shell command): one of them that cannot be loaded fails its settings closed.
 */
export const GUARD_HOOK_EVENTS: readonly string[] = ['PreToolUse', 'PermissionRequest', 'PreSkillShellCommand'];

/** What {@link checkHooks} found in a `hooks` value. */
export interface CheckedHooks {
  /**
   * The events this release knows, each without the matchers and entries that cannot be loaded;
   * `undefined` when the value is not an object of events (the settings check judges it then).
   */
  readonly hooks: JsonObject | undefined;
  /**
   * A guard hook (see {@link GUARD_HOOK_EVENTS}) cannot be loaded, or guard hooks sit where a
   * matcher was expected: nothing a settings file holds is in effect; of a policy (managed
   * settings), nothing of its `hooks`.
   */
  readonly unloadableGuard: boolean;
}

/**
 * Checks a settings object's `hooks` as the official SDK 0.3.332 and Claude Code 2.1.332 check the
 * hooks they read. For a guard event any problem fails closed: the event not an array of matchers, a
 * matcher that is not an object, whose `hooks` is not an array or whose `matcher` is not a string,
 * an entry that is not an object, has no known `type` or a field of the wrong kind (a `command`
 * hook without its `command`, a `timeout` that is not positive, ...). For the other events the same
 * problem drops only what has it (the event, the matcher, the entry); an event this release does
 * not know is left out, the rest kept.
 */
export function checkHooks(hooks: unknown): CheckedHooks {
  // A list of matchers, or one matcher, where the object of events belongs.
  if (Array.isArray(hooks)) return { hooks: undefined, unloadableGuard: hooks.some(isJsonObject) };
  if (!isJsonObject(hooks)) return { hooks: undefined, unloadableGuard: false };
  if (looksLikeMatcher(hooks)) return { hooks: undefined, unloadableGuard: true };
  const out: JsonObject = {};
  let unloadableGuard = false;
  for (const [event, matchers] of Object.entries(hooks)) {
    const guard = GUARD_HOOK_EVENTS.includes(event);
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      unloadableGuard ||= holdsGuardHooks(matchers, 3, !Array.isArray(matchers));
      continue;
    }
    if (!Array.isArray(matchers)) {
      unloadableGuard ||= (guard && matchers !== null) || holdsGuardHooks(matchers, 3, false);
      continue;
    }
    const kept: unknown[] = [];
    for (const matcher of matchers) {
      const verdict = checkMatcher(matcher, guard);
      if (verdict === 'unloadable') unloadableGuard = true;
      else if (verdict !== 'drop') kept.push(verdict);
    }
    out[event] = kept;
  }
  return { hooks: out, unloadableGuard };
}

/** True when a settings object declares guard hooks outside `hooks` (at the top, or under a key not listed). */
export function declaresGuardHooksOutside(settings: JsonObject): boolean {
  return (
    holdsGuardEvent(settings) ||
    Object.entries(settings).some(
      ([key, value]) =>
        key !== 'hooks' &&
        !OUTSIDE_UNSCANNED.has(key) &&
        holdsGuardHooks(value, 3, !HOOK_EVENT_SET.has(key), OUTSIDE_UNSCANNED),
    )
  );
}

const HOOK_EVENT_SET: ReadonlySet<string> = new Set(HOOK_EVENTS);
const NOTHING: ReadonlySet<string> = new Set();
// Keys whose values are someone else's configuration: a guard event's name inside them is not a hook.
const OUTSIDE_UNSCANNED: ReadonlySet<string> = new Set([
  'mcpServers',
  'managedMcpServers',
  'lspServers',
  'pluginConfigs',
  'enabledPlugins',
  'extraKnownMarketplaces',
  'env',
  'skillOverrides',
  'modelSettings',
]);

function checkMatcher(matcher: unknown, guard: boolean): unknown {
  const fail = guard ? 'unloadable' : 'drop';
  if (holdsGuardHooks(matcher, 3, false)) return 'unloadable';
  if (!isJsonObject(matcher)) return fail;
  const entries = matcher.hooks;
  if (!Array.isArray(entries)) return fail;
  const valid = entries.filter(isLoadableEntry);
  if (guard && valid.length < entries.length) return 'unloadable';
  if (matcher.matcher !== undefined && typeof matcher.matcher !== 'string') return fail;
  return valid.length === entries.length ? matcher : { ...matcher, hooks: valid };
}

// What each hook type's fields must be: `s` string, `S` non-empty string, `b` boolean, `n` positive
// number, `a` array of strings, `r` object of strings, `o` object, `u` URL; `!` marks a required one.
const COMMON = { timeout: 'n', statusMessage: 's', once: 'b' } as const;
const ENTRY_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  command: {
    ...COMMON,
    command: 's!',
    args: 'a',
    async: 'b',
    asyncRewake: 'b',
    holdsTools: 'b',
    rewakeMessage: 'S',
    rewakeSummary: 'S',
  },
  prompt: { ...COMMON, prompt: 's!', model: 's', continueOnBlock: 'b' },
  agent: { ...COMMON, prompt: 's!', model: 's' },
  http: { ...COMMON, url: 'u!', headers: 'r', allowedEnvVars: 'a' },
  mcp_tool: { ...COMMON, server: 's!', tool: 's!', input: 'o' },
};

function isLoadableEntry(entry: unknown): boolean {
  if (!isJsonObject(entry) || typeof entry.type !== 'string') return false;
  const fields = ENTRY_FIELDS[entry.type];
  if (fields === undefined) return false;
  return Object.entries(fields).every(([name, rule]) => {
    const value = entry[name];
    if (value === undefined) return !rule.endsWith('!');
    return fits(value, rule[0] ?? '');
  });
}

function fits(value: unknown, kind: string): boolean {
  switch (kind) {
    case 's':
      return typeof value === 'string';
    case 'S':
      return typeof value === 'string' && value.length > 0;
    case 'b':
      return typeof value === 'boolean';
    case 'n':
      return typeof value === 'number' && value > 0;
    case 'a':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'r':
      return isJsonObject(value) && Object.values(value).every((item) => typeof item === 'string');
    case 'o':
      return isJsonObject(value);
    case 'u':
      return typeof value === 'string' && URL.canParse(value);
    default:
      return false;
  }
}

// An object with a guard event's key holding something (not null, not an empty list).
function holdsGuardEvent(value: unknown): boolean {
  return (
    isJsonObject(value) &&
    Object.entries(value).some(
      ([key, held]) => GUARD_HOOK_EVENTS.includes(key) && held !== null && !(Array.isArray(held) && held.length === 0),
    )
  );
}

// Something shaped like a hook matcher: a `hooks` list with something in it, or a `hooks` object
// under a `matcher` or with a `type`; an object naming hook events without `matcher` is not one.
function looksLikeMatcher(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  if (!('matcher' in value) && Object.keys(value).some((key) => HOOK_EVENT_SET.has(key))) return false;
  const entries = value.hooks;
  if (Array.isArray(entries)) return entries.length > 0;
  return isJsonObject(entries) && ('matcher' in value || typeof entries.type === 'string');
}

/**
 * Guard hooks within `depth` levels of `value`: an object with a guard event's key, or (where
 * `matchersCount`) a matcher, found where none belongs. Keys in `unscanned` are not looked into.
 */
function holdsGuardHooks(
  value: unknown,
  depth: number,
  matchersCount: boolean,
  unscanned: ReadonlySet<string> = NOTHING,
  inHooksList = false,
): boolean {
  if (holdsGuardEvent(value)) return true;
  if (matchersCount && looksLikeMatcher(value)) return true;
  if (depth === 0 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    return value.some((item) => holdsGuardHooks(item, depth - 1, matchersCount, unscanned, inHooksList));
  }
  if (inHooksList && typeof (value as JsonObject).type === 'string') return false;
  return Object.entries(value).some(
    ([key, held]) =>
      !unscanned.has(key) &&
      holdsGuardHooks(
        held,
        depth - 1,
        matchersCount && !HOOK_EVENT_SET.has(key),
        unscanned,
        key === 'hooks' && Array.isArray(held),
      ),
  );
}
