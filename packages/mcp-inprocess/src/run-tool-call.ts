import { errorMessage } from '@hexagent/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { callToolResultProblem } from './call-tool-result-problem.js';
import type { CompiledTool } from './compile-tool.js';
import type { ToolHandlerExtra, ToolNotification } from './sdk-mcp-tool-definition.js';
import type { ToolCallAbort } from './tool-call-abort.js';
import { toolErrorResult } from './tool-error-result.js';

/** What {@link runToolCall} uses of the MCP SDK's handler context besides the signal. */
export type ToolCallExtra = Pick<
  RequestHandlerExtra<ServerRequest, ServerNotification>,
  'requestId' | '_meta' | 'sendNotification'
>;

type Outcome = { kind: 'returned'; value: unknown } | { kind: 'threw'; error: unknown } | { kind: 'aborted' };

/** Runs `run`, and stops waiting for it when `abort` fires. */
function runUntilAborted(run: () => unknown, abort: ToolCallAbort): Promise<Outcome> {
  return new Promise((resolve) => {
    abort.onAbort = () => resolve({ kind: 'aborted' });
    try {
      Promise.resolve(run()).then(
        (value) => resolve({ kind: 'returned', value }),
        (error: unknown) => resolve({ kind: 'threw', error }),
      );
    } catch (error) {
      resolve({ kind: 'threw', error });
    }
  });
}

/**
 * Serves one `tools/call` of a hexagent tool: validates the arguments (the handler never sees
 * invalid ones), runs the handler with the signal of `abort` and a time limit (the tool's
 * `timeoutMs`, else the server's `serverTimeoutMs`), and turns every failure (invalid arguments, a
 * throw of any value, an invalid return value, a timeout) into an `isError` result for the model.
 * Once `abort` fires (cancellation, the session's end, the time limit) it stops waiting for the
 * handler. The caller owns `abort`: the port aborts it for calls it serves, `buildSdkServer` when the
 * MCP SDK's signal aborts.
 */
export async function runToolCall(
  tool: CompiledTool,
  args: unknown,
  abort: ToolCallAbort,
  extra: ToolCallExtra,
  serverTimeoutMs?: number,
): Promise<CallToolResult> {
  const { definition } = tool;
  const checked = tool.check(args ?? {});
  if (!checked.ok) return toolErrorResult(checked.message);
  if (abort.isAborted) return toolErrorResult(`Tool "${definition.name}" was cancelled`);

  const timeoutMs = definition.timeoutMs ?? serverTimeoutMs;
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          abort.abort(new Error(`Tool "${definition.name}" timed out after ${timeoutMs} ms`));
        }, timeoutMs);

  const meta = extra._meta as Record<string, unknown> | undefined;
  const toolUseId = meta?.['claudecode/toolUseId'];
  const handlerExtra: ToolHandlerExtra = {
    get signal() {
      return abort.signal;
    },
    requestId: extra.requestId,
    ...(typeof toolUseId === 'string' && { toolUseId }),
    ...(meta !== undefined && { _meta: meta }),
    sendNotification: (notification: ToolNotification) =>
      extra.sendNotification(notification as unknown as ServerNotification),
  };

  try {
    const outcome = await runUntilAborted(() => definition.handler(checked.args as never, handlerExtra), abort);
    if (timedOut) return toolErrorResult(`Tool "${definition.name}" timed out after ${timeoutMs} ms`);
    if (outcome.kind === 'aborted') return toolErrorResult(`Tool "${definition.name}" was cancelled`);
    if (outcome.kind === 'threw') return toolErrorResult(errorMessage(outcome.error));
    const problem = callToolResultProblem(outcome.value);
    if (problem !== undefined) {
      return toolErrorResult(`Tool "${definition.name}" returned an invalid result: ${problem}`);
    }
    return outcome.value as CallToolResult;
  } finally {
    clearTimeout(timer);
    abort.onAbort = undefined;
  }
}
