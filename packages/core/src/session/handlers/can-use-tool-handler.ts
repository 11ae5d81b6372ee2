import type { Clock } from '../../ports/clock.js';
import type { ControlHandlerContext } from '../../ports/control-protocol.js';
import type { ControlRequestBody } from '../../types/control.js';
import type { Options } from '../../types/options.js';
import type { CanUseToolOptions } from '../../types/permissions/can-use-tool.js';
import type { PermissionResult } from '../../types/permissions/permission-result.js';
import type { PermissionUpdate } from '../../types/permissions/permission-update.js';
import { errorMessage } from '../../util/error-message.js';
import { runWithDeadline } from '../../util/run-with-deadline.js';
import { systemClock } from '../../util/system-clock.js';

/** Default bound on a `canUseTool` callback: 10 minutes. */
export const DEFAULT_PERMISSION_TIMEOUT_MS = 10 * 60_000;

/**
 * The handler of the CLI's `can_use_tool` requests: asks `options.canUseTool` and answers its
 * decision in the wire's shape (`updatedInput` defaults to the input; `toolUseID` is echoed).
 * A callback that throws, rejects, outlives `options.permissionTimeoutMs` or is withdrawn by the
 * CLI denies the call with its message; without a callback the request is answered with an error.
 *
 * `options` is read when a request comes, as the session always did.
 *
 * @example
 * ```ts
 * protocol.handle('can_use_tool', createCanUseToolHandler(options));
 * ```
 */
export function createCanUseToolHandler(
  options: Pick<Options, 'canUseTool' | 'permissionTimeoutMs'>,
  clock: Clock = systemClock,
): (
  request: ControlRequestBody,
  context: Pick<ControlHandlerContext, 'signal' | 'requestId'>,
) => Promise<Record<string, unknown>> {
  return async (request, { signal, requestId }) => {
    const canUseTool = options.canUseTool;
    const toolUseID = typeof request.tool_use_id === 'string' ? request.tool_use_id : '';
    const input = (request.input as Record<string, unknown> | undefined) ?? {};
    if (canUseTool === undefined) {
      throw new Error('The CLI asked for a permission decision but no canUseTool callback is set');
    }
    const suggestions = request.permission_suggestions as PermissionUpdate[] | undefined;
    let result: PermissionResult | null;
    try {
      // The callback's own signal also aborts when it outlives permissionTimeoutMs.
      result = await runWithDeadline(
        (callbackSignal) => {
          const context: CanUseToolOptions = { signal: callbackSignal, toolUseID, requestId };
          if (suggestions !== undefined) context.suggestions = suggestions;
          if (typeof request.blocked_path === 'string') context.blockedPath = request.blocked_path;
          if (typeof request.decision_reason === 'string') context.decisionReason = request.decision_reason;
          if (typeof request.agent_id === 'string') context.agentID = request.agent_id;
          return canUseTool(String(request.tool_name), input, context);
        },
        { timeoutMs: options.permissionTimeoutMs ?? DEFAULT_PERMISSION_TIMEOUT_MS, signal, what: 'canUseTool', clock },
      );
    } catch (error) {
      return { behavior: 'deny', message: `Permission callback failed: ${errorMessage(error)}`, toolUseID };
    }
    return permissionAnswer(result, input, toolUseID);
  };
}

/** The `can_use_tool` answer for the callback's decision. */
function permissionAnswer(
  result: PermissionResult | null,
  input: Record<string, unknown>,
  toolUseID: string,
): Record<string, unknown> {
  if (result?.behavior === 'allow') {
    const answer: Record<string, unknown> = {
      behavior: 'allow',
      updatedInput: result.updatedInput ?? input,
      toolUseID,
    };
    if (result.updatedPermissions !== undefined) answer.updatedPermissions = result.updatedPermissions;
    return answer;
  }
  if (result?.behavior === 'deny') {
    const answer: Record<string, unknown> = { behavior: 'deny', message: result.message, toolUseID };
    if (result.interrupt !== undefined) answer.interrupt = result.interrupt;
    return answer;
  }
  return {
    behavior: 'deny',
    message: 'Permission callback returned neither { behavior: "allow" } nor { behavior: "deny" }',
    toolUseID,
  };
}
