import type { SpanAttributes, TraceSpan } from '../../ports/session-tracer.js';
import type { ControlRequestBody } from '../../types/control.js';
import { SpanAttr, SpanNames } from './span-attributes.js';

/** The span an inbound control request gets: its name, its attributes, and what its answer adds. */
export interface InboundRequestSpan {
  name: string;
  attributes: SpanAttributes;
  /** Reads the handler's answer into the span (an error result, a permission decision). */
  finish?: (span: TraceSpan, response: unknown) => void;
}

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' ? (value as Json) : undefined;
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A tool call's span reads a JSON-RPC error or an `isError` result as a failure. */
function finishToolCall(span: TraceSpan, response: unknown): void {
  const mcp = asRecord(asRecord(response)?.mcp_response);
  const error = asRecord(mcp?.error);
  const result = asRecord(mcp?.result);
  span.setAttributes({ [SpanAttr.isError]: error !== undefined || result?.isError === true });
  if (error !== undefined) {
    span.fail(new Error(asString(error.message) ?? 'JSON-RPC error'), 'jsonrpc_error');
    return;
  }
  if (result?.isError === true) {
    const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
    const text = content.map((block) => asString(asRecord(block)?.text) ?? '').join('\n');
    span.fail(new Error(text || 'The tool returned an error result'), 'tool_error');
  }
}

/** A permission span notes the decision; a callback that failed (answered as a deny) fails the span. */
function finishPermission(span: TraceSpan, response: unknown): void {
  const answer = asRecord(response);
  const behavior = asString(answer?.behavior);
  span.setAttributes({ [SpanAttr.permissionBehavior]: behavior });
  const message = asString(answer?.message);
  if (behavior === 'deny' && message?.startsWith('Permission callback failed') === true) {
    span.fail(new Error(message), 'permission_callback_error');
  }
}

/**
 * Which span an inbound control request gets, or `undefined` for none: a tool call
 * (`execute_tool <tool>`), a permission callback, a hook callback, or any other subtype as a control
 * request. The other `mcp_message`s (the MCP handshake, `tools/list`, notifications) get none.
 */
export function inboundRequestSpan(request: ControlRequestBody): InboundRequestSpan | undefined {
  switch (request.subtype) {
    case 'mcp_message': {
      const message = asRecord(request.message);
      if (message?.method !== 'tools/call') return undefined;
      const params = asRecord(message.params);
      const tool = asString(params?.name) ?? 'unknown';
      return {
        name: `${SpanNames.tool} ${tool}`,
        attributes: {
          [SpanAttr.operationName]: 'execute_tool',
          [SpanAttr.toolName]: tool,
          [SpanAttr.toolType]: 'extension',
          [SpanAttr.toolCallId]: asString(asRecord(params?._meta)?.['claudecode/toolUseId']),
          [SpanAttr.mcpServer]: asString(request.server_name),
        },
        finish: finishToolCall,
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
