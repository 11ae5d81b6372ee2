import type { CanUseTool, HookCallback, HooksOptions, Options } from '@hexagent/core';

/**
 * The options with `canUseTool` and the `PermissionRequest` hooks wrapped to report an answer that
 * carries `updatedPermissions`: rules or modes given with destination `session` (or `cliArg`) live
 * in the CLI process and survive `/clear` (checked on Claude Code 2.1.329: a Bash rule added in one
 * conversation let the next run Bash without asking), so the pool does not recycle such a CLI.
 * Answers pass through unchanged; options without either are returned as they are.
 */
export function watchPermissionUpdates(options: Options, updated: () => void): Options {
  const { canUseTool, hooks } = options;
  if (canUseTool === undefined && hooks?.PermissionRequest === undefined) return options;
  const watched: Options = { ...options };
  if (canUseTool !== undefined) {
    const wrapped: CanUseTool = async (...args) => {
      const answer = await canUseTool(...args);
      if (answer?.behavior === 'allow' && (answer.updatedPermissions?.length ?? 0) > 0) updated();
      return answer;
    };
    watched.canUseTool = wrapped;
  }
  if (hooks?.PermissionRequest !== undefined) {
    const watchHook =
      (hook: HookCallback): HookCallback =>
      async (...args) => {
        const output = await hook(...args);
        const specific = 'hookSpecificOutput' in output ? output.hookSpecificOutput : undefined;
        if (
          specific?.hookEventName === 'PermissionRequest' &&
          specific.decision.behavior === 'allow' &&
          (specific.decision.updatedPermissions?.length ?? 0) > 0
        ) {
          updated();
        }
        return output;
      };
    const permissionRequest = hooks.PermissionRequest.map((matcher) => ({
      ...matcher,
      hooks: matcher.hooks.map(watchHook),
    }));
    watched.hooks = { ...hooks, PermissionRequest: permissionRequest } satisfies HooksOptions;
  }
  return watched;
}
