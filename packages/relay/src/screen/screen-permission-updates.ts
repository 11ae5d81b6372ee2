import { flagRefusal } from '../flag-refusal.js';
import { isRecord } from './read-client-line.js';
import type { ScreenPolicy } from './screen-policy.js';

/**
 * Why the permission updates in a client's answer are refused, or `undefined`. An answer to the
 * CLI's `can_use_tool` (and a `PermissionRequest` hook's decision) may carry `updatedPermissions`:
 * a `setMode` there switches the permission mode as `set_permission_mode` does, and
 * `addDirectories` widens where the tools reach as `--add-dir` does, so each is judged by that
 * flag's policy. Rules (`addRules`, `removeRules`, ...) pass: they are what `--allowedTools` and
 * `--disallowedTools` do. Every `updatedPermissions` list in the answer is read, wherever it is.
 */
export function permissionUpdatesRefusal(answer: unknown, policy: ScreenPolicy): string | undefined {
  const lists: unknown[] = [];
  collectUpdates(answer, lists);
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const update of list) {
      if (!isRecord(update)) continue;
      if (update.type === 'setMode') {
        const refusal = flagRefusal(policy, 'permission-mode', String(update.mode));
        if (refusal !== undefined) return `permission update setMode: ${refusal}`;
      }
      if (update.type === 'addDirectories' || update.type === 'replaceDirectories') {
        const directories = Array.isArray(update.directories) ? update.directories : [update.directories];
        for (const directory of directories) {
          const refusal = flagRefusal(policy, 'add-dir', String(directory));
          if (refusal !== undefined) return `permission update ${update.type}: ${refusal}`;
        }
      }
    }
  }
  return undefined;
}

/** Every `updatedPermissions` value in `value`, at any depth (a JSON tree: no cycles). */
function collectUpdates(value: unknown, lists: unknown[]): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      for (const item of next) stack.push(item);
      continue;
    }
    for (const [key, child] of Object.entries(next)) {
      if (key === 'updatedPermissions') lists.push(child);
      stack.push(child);
    }
  }
}
