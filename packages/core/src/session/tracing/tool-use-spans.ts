import type { SessionTracer, TraceSpan } from '../../ports/session-tracer.js';
import { isInProcessToolName } from './in-process-tool-name.js';
import { SpanAttr, SpanNames } from './span-attributes.js';

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' ? (value as Json) : undefined;

/** The text of a `tool_result` block's content (a string, or text blocks). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => asRecord(block)?.text ?? '').join('\n');
}

/** The server of an MCP tool name (`mcp__<server>__<tool>`), up to the first `__` after the prefix. */
function mcpServerOf(toolName: string): string | undefined {
  if (!toolName.startsWith('mcp__')) return undefined;
  const end = toolName.indexOf('__', 5);
  return end > 5 ? toolName.slice(5, end) : undefined;
}

/** An open tool span, and the turn it belongs to (ended with it at the latest). */
interface OpenToolSpan {
  span: TraceSpan;
  turn: TraceSpan | undefined;
}

/**
 * The spans of the tool calls the CLI runs itself (built-in tools such as Bash and Read, and tools
 * of MCP servers outside this process), which reach the SDK only as messages: a span starts at the
 * assistant message's `tool_use` block and ends at the user message's `tool_result` for the same id,
 * failed when the result `is_error`. In-process tools are left out: their `tools/call` has its own
 * span. A tool call of a subagent nests under the span of the tool call that started it
 * (`parent_tool_use_id`).
 */
export class ToolUseSpans {
  private readonly tracer: SessionTracer;
  private readonly inProcessServers: ReadonlyMap<string, unknown>;
  private readonly open = new Map<string, OpenToolSpan>();

  /** @param inProcessServers the session's in-process servers by name, as they are now (`setMcpServers` changes them). */
  constructor(tracer: SessionTracer, inProcessServers: ReadonlyMap<string, unknown>) {
    this.tracer = tracer;
    this.inProcessServers = inProcessServers;
  }

  /** An assistant message: one span per `tool_use` block, under `turn` (or `root` outside a turn). */
  toolsCalled(message: Json, turn: TraceSpan | undefined, root: TraceSpan): void {
    const content = asRecord(message.message)?.content;
    if (!Array.isArray(content)) return;
    for (const item of content) {
      const block = asRecord(item);
      if (block?.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
      if (this.open.has(block.id) || isInProcessToolName(block.name, this.inProcessServers.keys())) continue;
      const parentId = message.parent_tool_use_id;
      const parent = (typeof parentId === 'string' ? this.open.get(parentId)?.span : undefined) ?? turn ?? root;
      const server = mcpServerOf(block.name);
      const span = this.tracer.startSpan(
        `${SpanNames.tool} ${block.name}`,
        {
          [SpanAttr.operationName]: 'execute_tool',
          [SpanAttr.toolName]: block.name,
          [SpanAttr.toolCallId]: block.id,
          [SpanAttr.toolType]: server === undefined ? 'function' : 'extension',
          [SpanAttr.mcpServer]: server,
        },
        parent,
      );
      this.open.set(block.id, { span, turn });
    }
  }

  /** A user message: each `tool_result` block ends its call's span, failed (`tool_error`) when `is_error`. */
  toolsAnswered(message: Json): void {
    const content = asRecord(message.message)?.content;
    if (!Array.isArray(content)) return;
    for (const item of content) {
      const block = asRecord(item);
      if (block?.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
      const open = this.open.get(block.tool_use_id);
      if (open === undefined) continue;
      this.open.delete(block.tool_use_id);
      const isError = block.is_error === true;
      open.span.setAttributes({ [SpanAttr.isError]: isError });
      if (isError) open.span.fail(new Error(resultText(block.content) || 'The tool returned an error'), 'tool_error');
      open.span.end();
    }
  }

  /**
   * Ends the spans still open of `turn` (every one, without a turn) as failed with `unanswered`: a
   * tool call whose result never came before its turn's result, or before the session ended.
   */
  endUnanswered(turn: TraceSpan | undefined, error?: unknown): void {
    for (const [id, open] of this.open) {
      if (turn !== undefined && open.turn !== turn) continue;
      this.open.delete(id);
      open.span.setAttributes({ [SpanAttr.isError]: true });
      open.span.fail(error ?? new Error('The tool call had no result'), 'unanswered');
      open.span.end();
    }
  }
}
