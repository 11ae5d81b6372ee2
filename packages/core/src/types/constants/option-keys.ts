import type { HexagentOptions } from '../options/hexagent-options.js';
import type { Options } from '../options.js';

/** `true` when `A` and `B` are the same union of keys (a compile-time check). */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Every field of the official SDK's `Options`, at run time. Core's `Options` mirrors the official
 * type (packages/drop-in checks it field for field against the release), and the check below fails
 * the build when this list and that type part, so a field mirrored from a new release must be added
 * here too: the list keeps up with the official SDK by machine.
 */
export const OFFICIAL_OPTION_KEYS = [
  'abortController',
  'additionalDirectories',
  'agent',
  'agentProgressSummaries',
  'agents',
  'allowDangerouslySkipPermissions',
  'allowedTools',
  'betas',
  'canUseTool',
  'continue',
  'cwd',
  'debug',
  'debugFile',
  'disallowedTools',
  'effort',
  'enableFileCheckpointing',
  'env',
  'executable',
  'executableArgs',
  'extraArgs',
  'fallbackModel',
  'forkSession',
  'forwardSubagentText',
  'hooks',
  'includeHookEvents',
  'includePartialMessages',
  'loadTimeoutMs',
  'managedSettings',
  'maxBudgetUsd',
  'maxThinkingTokens',
  'maxTurns',
  'mcpServers',
  'mcpServersDelivery',
  'model',
  'onElicitation',
  'onUserDialog',
  'outputFormat',
  'pathToClaudeCodeExecutable',
  'perTaskStopAffordance',
  'permissionMode',
  'permissionPromptToolName',
  'permissionPrompts',
  'persistSession',
  'planModeInstructions',
  'pluginDelivery',
  'plugins',
  'projectConfigRoot',
  'promptSuggestions',
  'resume',
  'resumeDropsTurn',
  'resumeSessionAt',
  'sandbox',
  'sessionId',
  'sessionStore',
  'sessionStoreFlush',
  'settingSources',
  'settings',
  'skills',
  'spawnClaudeCodeProcess',
  'stderr',
  'strictMcpConfig',
  'supportedDialogKinds',
  'systemPrompt',
  'taskBudget',
  'thinking',
  'title',
  'toolAliases',
  'toolConfig',
  'tools',
  'verbatimPrompts',
] as const satisfies ReadonlyArray<keyof Options>;

/** hexagent's own fields of `Options` ({@link HexagentOptions}), at run time. */
export const HEXAGENT_OPTION_KEYS = [
  'controlRequestTimeoutMs',
  'hookTimeoutMs',
  'maxMessageBytes',
  'permissionTimeoutMs',
  'retryRejectedCredentials',
  'tracer',
  'transport',
] as const satisfies ReadonlyArray<keyof HexagentOptions>;

// The build fails here when a list and the type it mirrors part.
const officialKeysComplete: SameKeys<
  (typeof OFFICIAL_OPTION_KEYS)[number],
  Exclude<keyof Options, keyof HexagentOptions>
> = true;
const hexagentKeysComplete: SameKeys<(typeof HEXAGENT_OPTION_KEYS)[number], keyof HexagentOptions> = true;
void officialKeysComplete;
void hexagentKeysComplete;

const KNOWN: ReadonlySet<string> = new Set<string>([...OFFICIAL_OPTION_KEYS, ...HEXAGENT_OPTION_KEYS]);

/**
 * The keys of `options` that neither the official SDK nor hexagent knows (a misspelt `maxTurn`),
 * each with the known key it is closest to, when one is close (a letter or two apart, or differing
 * only in case). Both SDKs ignore such a key; the launch warns about it once.
 *
 * @example
 * ```ts
 * unknownOptionKeys({ maxTurn: 3, model: 'sonnet' }); // [{ key: 'maxTurn', suggestion: 'maxTurns' }]
 * ```
 */
export function unknownOptionKeys(options: object): Array<{ key: string; suggestion?: string }> {
  const unknown: Array<{ key: string; suggestion?: string }> = [];
  for (const key of Object.keys(options)) {
    if (KNOWN.has(key)) continue;
    const suggestion = closestKey(key);
    unknown.push(suggestion === undefined ? { key } : { key, suggestion });
  }
  return unknown;
}

/** The known key `key` is most likely a misspelling of: equal but for case, or at most two edits away. */
function closestKey(key: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(key.length / 3));
  for (const known of KNOWN) {
    if (known.toLowerCase() === key.toLowerCase()) return known;
    const distance = editDistance(key, known, bestDistance);
    if (distance <= bestDistance && (best === undefined || distance < bestDistance)) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, or a number above `limit` as soon as it must exceed it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}
