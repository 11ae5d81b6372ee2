import type { SpanAttributes, TraceSpan } from '../../ports/session-tracer.js';
import type { ControlRequestBody } from '../../types/control.js';
import { boundedError } from './bounded-text.js';
import { inProcessToolName } from './in-process-tool-name.js';
import { SpanAttr, SpanNames } from './span-attributes.js';
import { recordToolOutput } from './tool-output.js';

/** The span an inbound control request gets: its name, its attributes, and what its answer adds. */
export interface InboundRequestSpan {
  name: string;
  attributes: SpanAttributes;
  /** Reads the handler's answer into the span (an error result, a permission decision). */
  finish?: (span: TraceSpan, response: unknown) => void;
  /** An in-process tool's `tools/call`: it carries on the span its `tool_use` started, when there is one. */
  toolCall?: boolean;
}

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' ? (value as Json) : undefined;
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A tool call's span reads a JSON-RPC error or an `isError` result as a failure; the tool's output
 * goes into the span only with `recordOutput` ({@link recordToolOutput}).
 */
function finishToolCall(recordOutput: boolean): (span: TraceSpan, response: unknown) => void {
  return (span, response) => {
    const mcp = asRecord(asRecord(response)?.mcp_response);
    const error = asRecord(mcp?.error);
    const result = asRecord(mcp?.result);
    span.setAttributes({ [SpanAttr.isError]: error !== undefined || result?.isError === true });
    if (error !== undefined) {
      span.fail(boundedError(new Error(asString(error.message) ?? 'JSON-RPC error')), 'jsonrpc_error');
      return;
    }
    if (result !== undefined) recordToolOutput(span, result.content, result.isError === true, recordOutput);
  };
}

/** A permission span notes the decision; a callback that failed (answered as a deny) fails the span. */
function finishPermission(span: TraceSpan, response: unknown): void {
  const answer = asRecord(response);
  const behavior = asString(answer?.behavior);
  span.setAttributes({ [SpanAttr.permissionBehavior]: behavior });
  const message = asString(answer?.message);
  if (behavior === 'deny' && message?.startsWith('Permission callback failed') === true) {
    span.fail(boundedError(new Error(message)), 'permission_callback_error');
  }
}

/**
 * Which span an inbound control request gets, or `undefined` for none: a tool call
 * (`execute_tool mcp__<server>__<tool>`, the name the model, hooks and permission prompts use), a
 * permission callback, a hook callback, or any other subtype as a control request. The other
 * `mcp_message`s (the MCP handshake, `tools/list`, notifications) get none.
 *
 * @param recordOutput whether a tool call's output may go into its span (`recordToolOutput`).
 */
export function inboundRequestSpan(request: ControlRequestBody, recordOutput = false): InboundRequestSpan | undefined {
  switch (request.subtype) {
    case 'mcp_message': {
      const message = asRecord(request.message);
      if (message?.method !== 'tools/call') return undefined;
      const params = asRecord(message.params);
      const tool = asString(params?.name) ?? 'unknown';
      const server = asString(request.server_name);
      const name = server === undefined ? tool : inProcessToolName(server, tool);
      return {
        name: `${SpanNames.tool} ${name}`,
        attributes: {
          [SpanAttr.operationName]: 'execute_tool',
          [SpanAttr.toolName]: name,
          [SpanAttr.toolType]: 'extension',
          [SpanAttr.toolCallId]: asString(asRecord(params?._meta)?.['claudecode/toolUseId']),
          [SpanAttr.mcpServer]: server,
          [SpanAttr.mcpTool]: tool,
        },
        finish: finishToolCall(recordOutput),
        toolCall: true,
      };
    }
    case 'can_use_tool':
      return {
        name: SpanNames.permission,
        attributes: {
          [SpanAttr.toolName]: asString(request.tool_name),
          [SpanAttr.toolCallId]: asString(request.tool_use_id),
        },
        finish: finishPermission,
      };
    case 'hook_callback': {
      const input = asRecord(request.input);
      const event = asString(input?.hook_event_name) ?? 'unknown';
      return {
        name: `${SpanNames.hook} ${event}`,
        attributes: {
          [SpanAttr.hookEvent]: event,
          [SpanAttr.hookCallbackId]: asString(request.callback_id),
          [SpanAttr.toolName]: asString(input?.tool_name),
          [SpanAttr.toolCallId]: asString(request.tool_use_id),
        },
      };
    }
    default:
      return {
        name: `${SpanNames.control} ${request.subtype}`,
        attributes: { [SpanAttr.controlSubtype]: request.subtype, [SpanAttr.controlDirection]: 'inbound' },
      };
  }
}
