import { errorMessage } from '@hexagent/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { callToolResultProblem } from './call-tool-result-problem.js';
import type { CompiledTool } from './compile-tool.js';
import type { ToolHandlerExtra } from './sdk-mcp-tool-definition.js';
import type { ToolCallAbort } from './tool-call-abort.js';
import type { ToolCallDeadlines } from './tool-call-deadlines.js';
import { toolErrorResult } from './tool-error-result.js';

type SdkHandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What {@link runToolCall} uses of the MCP SDK's handler context besides the signal. */
export interface ToolCallExtra {
  requestId: SdkHandlerExtra['requestId'];
  _meta?: SdkHandlerExtra['_meta'] | undefined;
  sendNotification: SdkHandlerExtra['sendNotification'];
}

/**
 * The `extra` a handler gets. `signal` is a getter on the prototype that makes the call's signal on
 * first read; a copy of `extra` must name `signal` itself (see docs/performance.md#hidden-classes
 * and docs/performance.md#abort-signals).
 */
class HandlerExtra {
  readonly #abort: ToolCallAbort;
  requestId: string | number;
  toolUseId: string | undefined;
  _meta: Record<string, unknown> | undefined;
  sendNotification: ToolHandlerExtra['sendNotification'];

  constructor(abort: ToolCallAbort, extra: ToolCallExtra) {
    this.#abort = abort;
    const meta = extra._meta as Record<string, unknown> | undefined;
    const toolUseId = meta?.['claudecode/toolUseId'];
    this.requestId = extra.requestId;
    this.toolUseId = typeof toolUseId === 'string' ? toolUseId : undefined;
    this._meta = meta;
    // The MCP SDK's sendNotification takes any notification object; the types differ only in name.
    this.sendNotification = extra.sendNotification as ToolHandlerExtra['sendNotification'];
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }
}

/**
 * Serves one `tools/call` of a hexagent tool: validates the arguments (the handler never sees
 * invalid ones), runs the handler with the signal of `abort` and a time limit (the tool's
 * `timeoutMs`, else the server's `serverTimeoutMs`, kept by `deadlines`), and turns every failure
 * (invalid arguments, a throw of any value, an invalid return value, a timeout) into an `isError`
 * result for the model. Once `abort` fires (cancellation, the session's end, the time limit) it
 * stops waiting for the handler. The caller owns `abort`: the port aborts it for calls it serves,
 * `buildSdkServer` when the MCP SDK's signal aborts.
 *
 * `done` is called exactly once with the result, never with an error: a callback rather than a
 * promise, on every tool call's path (see docs/performance.md#promises-and-async-frames).
 */
export function runToolCall(
  tool: CompiledTool,
  args: unknown,
  abort: ToolCallAbort,
  extra: ToolCallExtra,
  deadlines: ToolCallDeadlines,
  serverTimeoutMs: number | undefined,
  done: (result: CallToolResult) => void,
): void {
  const { definition } = tool;
  const checked = tool.check(args ?? {});
  if (!checked.ok) {
    done(toolErrorResult(checked.message));
    return;
  }
  if (abort.isAborted) {
    done(toolErrorResult(`Tool "${definition.name}" was cancelled`));
    return;
  }

  const handlerExtra = new HandlerExtra(abort, extra) as ToolHandlerExtra;

  const timeoutMs = definition.timeoutMs ?? serverTimeoutMs;
  let finished = false;
  const finish = (result: CallToolResult): void => {
    if (finished) return;
    finished = true;
    deadlines.remove(abort);
    abort.onAbort = undefined;
    done(result);
  };
  abort.onAbort = () =>
    finish(
      toolErrorResult(
        abort.timedOut
          ? `Tool "${definition.name}" timed out after ${timeoutMs} ms`
          : `Tool "${definition.name}" was cancelled`,
      ),
    );
  if (timeoutMs !== undefined) {
    abort.toolName = definition.name;
    abort.timeoutMs = timeoutMs;
    deadlines.add(abort, timeoutMs);
  }
  let returned: unknown;
  try {
    returned = definition.handler(checked.args as never, handlerExtra);
  } catch (error) {
    finish(toolErrorResult(errorMessage(error)));
    return;
  }
  Promise.resolve(returned).then(
    (value) => {
      const problem = callToolResultProblem(value);
      finish(
        problem === undefined
          ? (value as CallToolResult)
          : toolErrorResult(`Tool "${definition.name}" returned an invalid result: ${problem}`),
      );
    },
    (error: unknown) => finish(toolErrorResult(errorMessage(error))),
  );
}
