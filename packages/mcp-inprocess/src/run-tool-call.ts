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
 * The `extra` a handler gets. `signal` is an own, enumerable property (so `{ ...extra }` keeps it),
 * but an accessor that makes the call's signal on first read. It is installed from one shared
 * descriptor: an object literal with its own getter would give every call a new hidden class, and
 * those outlive the call (in a profile they tripled the survivors of each scavenge).
 */
class HandlerExtra {
  static readonly #signal: PropertyDescriptor = {
    get(this: HandlerExtra): AbortSignal {
      return this.#abort.signal;
    },
    enumerable: true,
    configurable: true,
  };
  readonly #abort: ToolCallAbort;

  constructor(abort: ToolCallAbort) {
    this.#abort = abort;
    Object.defineProperty(this, 'signal', HandlerExtra.#signal);
  }
}

/**
 * Serves one `tools/call` of a hexagent tool: validates the arguments (the handler never sees
 * invalid ones), runs the handler with the signal of `abort` and a time limit (the tool's
 * `timeoutMs`, else the server's `serverTimeoutMs`, kept by `deadlines`), and turns every failure (invalid arguments, a
 * throw of any value, an invalid return value, a timeout) into an `isError` result for the model.
 * Once `abort` fires (cancellation, the session's end, the time limit) it stops waiting for the
 * handler. The caller owns `abort`: the port aborts it for calls it serves, `buildSdkServer` when the
 * MCP SDK's signal aborts. Never rejects.
 */
export function runToolCall(
  tool: CompiledTool,
  args: unknown,
  abort: ToolCallAbort,
  extra: ToolCallExtra,
  deadlines: ToolCallDeadlines,
  serverTimeoutMs?: number,
): Promise<CallToolResult> {
  const { definition } = tool;
  const checked = tool.check(args ?? {});
  if (!checked.ok) return Promise.resolve(toolErrorResult(checked.message));
  if (abort.isAborted) return Promise.resolve(toolErrorResult(`Tool "${definition.name}" was cancelled`));

  const meta = extra._meta as Record<string, unknown> | undefined;
  const toolUseId = meta?.['claudecode/toolUseId'];
  const handlerExtra = new HandlerExtra(abort) as unknown as ToolHandlerExtra;
  handlerExtra.requestId = extra.requestId;
  if (typeof toolUseId === 'string') handlerExtra.toolUseId = toolUseId;
  if (meta !== undefined) handlerExtra._meta = meta;
  // The MCP SDK's sendNotification takes any notification object; the types differ only in name.
  handlerExtra.sendNotification = extra.sendNotification as ToolHandlerExtra['sendNotification'];

  // A promise and a few closures rather than an async function: its frame (the whole register file)
  // was the largest allocation of a tool call.
  return new Promise<CallToolResult>((resolve) => {
    const timeoutMs = definition.timeoutMs ?? serverTimeoutMs;
    const finish = (result: CallToolResult): void => {
      deadlines.remove(abort);
      abort.onAbort = undefined;
      resolve(result);
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
  });
}
