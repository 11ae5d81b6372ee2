import { errorMessage } from '@hexagent/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { callToolResultProblem } from './call-tool-result-problem.js';
import type { CompiledTool } from './compile-tool.js';
import type { ToolHandlerExtra, ToolNotification } from './sdk-mcp-tool-definition.js';
import { toolErrorResult } from './tool-error-result.js';

/** What {@link runToolCall} uses of the MCP SDK's handler context; the port builds it for calls it serves itself. */
export type ToolCallExtra = Pick<
  RequestHandlerExtra<ServerRequest, ServerNotification>,
  'signal' | 'requestId' | '_meta' | 'sendNotification'
>;

type Outcome = { kind: 'returned'; value: unknown } | { kind: 'threw'; error: unknown } | { kind: 'aborted' };

/** Runs `run` unless `signal` is aborted, and stops waiting for it when `signal` aborts. */
function runUnlessAborted(run: () => unknown, signal: AbortSignal): Promise<Outcome> {
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: Outcome): void => {
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    try {
      Promise.resolve(run()).then(
        (value) => settle({ kind: 'returned', value }),
        (error: unknown) => settle({ kind: 'threw', error }),
      );
    } catch (error) {
      settle({ kind: 'threw', error });
    }
  });
}

/**
 * Serves one `tools/call` of a hexagent tool: validates the arguments (the handler never sees
 * invalid ones), runs the handler with its signal and time limit (the tool's `timeoutMs`, else the
 * server's `serverTimeoutMs`), and turns every failure (invalid arguments, a throw of any value, an
 * invalid return value, a timeout) into an `isError` result for the model.
 */
export async function runToolCall(
  tool: CompiledTool,
  args: unknown,
  extra: ToolCallExtra,
  serverTimeoutMs?: number,
): Promise<CallToolResult> {
  const { definition } = tool;
  const checked = tool.check(args ?? {});
  if (!checked.ok) return toolErrorResult(checked.message);

  const timeoutMs = definition.timeoutMs ?? serverTimeoutMs;
  let signal = extra.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  let unlink: (() => void) | undefined;
  if (timeoutMs !== undefined) {
    const controller = new AbortController();
    const forward = (): void => controller.abort(extra.signal.reason);
    if (extra.signal.aborted) forward();
    else {
      extra.signal.addEventListener('abort', forward, { once: true });
      unlink = () => extra.signal.removeEventListener('abort', forward);
    }
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`Tool "${definition.name}" timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    signal = controller.signal;
  }

  const meta = extra._meta as Record<string, unknown> | undefined;
  const toolUseId = meta?.['claudecode/toolUseId'];
  const handlerExtra: ToolHandlerExtra = {
    signal,
    requestId: extra.requestId,
    ...(typeof toolUseId === 'string' && { toolUseId }),
    ...(meta !== undefined && { _meta: meta }),
    sendNotification: (notification: ToolNotification) =>
      extra.sendNotification(notification as unknown as ServerNotification),
  };

  try {
    const outcome = await runUnlessAborted(() => definition.handler(checked.args as never, handlerExtra), signal);
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
    unlink?.();
  }
}
