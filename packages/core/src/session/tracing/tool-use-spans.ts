import type { SessionTracer, TraceSpan } from '../../ports/session-tracer.js';
import { boundedError } from './bounded-text.js';
import { inProcessToolOf } from './in-process-tool-name.js';
import { SpanAttr, SpanNames } from './span-attributes.js';
import { recordToolOutput } from './tool-output.js';

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' ? (value as Json) : undefined;
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The server of an MCP tool name (`mcp__<server>__<tool>`), up to the first `__` after the prefix. */
function mcpServerOf(toolName: string): string | undefined {
  if (!toolName.startsWith('mcp__')) return undefined;
  const end = toolName.indexOf('__', 5);
  return end > 5 ? toolName.slice(5, end) : undefined;
}

/** An open tool span. */
interface OpenToolSpan {
  span: TraceSpan;
  /** The turn whose end ends it at the latest; `undefined` once it runs in the background (then the session's close does). */
  turn: TraceSpan | undefined;
  /** The tool call whose subagent made this call, if any. */
  parentId: string | undefined;
  /** The call went on in the background: its `tool_result` came, its `task_notification` ends it. */
  background: boolean;
  /** A tool of an in-process server: its `tools/call`, when one comes, takes the span over ({@link ToolUseSpans.claim}). */
  inProcess: boolean;
}

/**
 * The spans of the tool calls as the messages show them: a span starts at the assistant message's
 * `tool_use` block and ends at the user message's `tool_result` for the same id, failed when the
 * result `is_error`. That is the whole span of a tool the CLI runs itself (built-in tools such as
 * Bash and Read, tools of MCP servers outside this process). A tool of an in-process server hands
 * its span to its `tools/call` ({@link claim}), which ends it with the handler's answer; a call that
 * never reaches the handler (refused by `canUseTool` or a hook) ends here at its `tool_result`, failed
 * like any other. A tool call of a subagent nests under the span of the tool call that started it
 * (`parent_tool_use_id`), and ends with its turn only if that call does.
 *
 * A call that goes on in the background (a subagent or a command started in the background, or
 * moved there: `task_started`/`task_updated` with `is_backgrounded`, or a `tool_result` that says
 * so) is no longer bound to its turn: its span stays open, as the parent of its subagent's tool
 * calls, until its `task_notification` (`hexagent.task.status`; `failed` fails it).
 */
export class ToolUseSpans {
  private readonly tracer: SessionTracer;
  private readonly inProcessServers: ReadonlyMap<string, unknown>;
  private readonly open = new Map<string, OpenToolSpan>();
  /** Tool use ids by task id, from `task_started`, for `task_updated` (which names only the task). */
  private readonly taskToolUse = new Map<string, string>();

  /** @param inProcessServers the session's in-process servers by name, as they are now (`setMcpServers` changes them). */
  constructor(tracer: SessionTracer, inProcessServers: ReadonlyMap<string, unknown>) {
    this.tracer = tracer;
    this.inProcessServers = inProcessServers;
  }

  /** An assistant message: one span per `tool_use` block, under `turn` (or `root` outside a turn). */
  toolsCalled(message: Json, turn: TraceSpan | undefined, root: TraceSpan): void {
    const content = asRecord(message.message)?.content;
    if (!Array.isArray(content)) return;
    const parentId = asString(message.parent_tool_use_id);
    const caller = parentId === undefined ? undefined : this.open.get(parentId);
    for (const item of content) {
      const block = asRecord(item);
      if (block?.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
      if (this.open.has(block.id)) continue;
      const inProcess = inProcessToolOf(block.name, this.inProcessServers.keys());
      const server = inProcess?.server ?? mcpServerOf(block.name);
      const span = this.tracer.startSpan(
        `${SpanNames.tool} ${block.name}`,
        {
          [SpanAttr.operationName]: 'execute_tool',
          [SpanAttr.toolName]: block.name,
          [SpanAttr.toolCallId]: block.id,
          [SpanAttr.toolType]: server === undefined ? 'function' : 'extension',
          [SpanAttr.mcpServer]: server,
          ...(inProcess !== undefined && { [SpanAttr.mcpTool]: inProcess.tool }),
        },
        caller?.span ?? turn ?? root,
      );
      // A subagent's call ends with its turn only if the call that started the subagent does.
      const boundTo = parentId === undefined ? turn : caller?.turn;
      this.open.set(block.id, { span, turn: boundTo, parentId, background: false, inProcess: inProcess !== undefined });
    }
  }

  /**
   * The `tools/call` of in-process call `toolUseId` started: it takes the call's span (from then on
   * the handler's answer ends it, and its `tool_result` is not read). `undefined` when the call has
   * no open span (its `tool_use` was not seen): the `tools/call` starts one of its own.
   */
  claim(toolUseId: string | undefined): TraceSpan | undefined {
    const open = toolUseId === undefined ? undefined : this.open.get(toolUseId);
    if (toolUseId === undefined || open === undefined || !open.inProcess || open.background) return undefined;
    this.open.delete(toolUseId);
    return open.span;
  }

  /**
   * A user message: each `tool_result` block ends its call's span, failed (`tool_error`) when
   * `is_error`; the output goes into the span only with `recordOutput`. A result that says the call
   * went on in the background leaves the span open.
   */
  toolsAnswered(message: Json, recordOutput: boolean): void {
    const content = asRecord(message.message)?.content;
    if (!Array.isArray(content)) return;
    const results = content.map(asRecord).filter((block) => block?.type === 'tool_result');
    // The tool's own result object, when the message answers one call: it says whether that went on in the background.
    const toolResult = results.length === 1 ? asRecord(message.tool_use_result) : undefined;
    for (const block of results) {
      const id = asString(block?.tool_use_id);
      const open = id === undefined ? undefined : this.open.get(id);
      if (id === undefined || open === undefined) continue;
      const isError = block?.is_error === true;
      const background =
        open.background ||
        toolResult?.isAsync === true ||
        toolResult?.status === 'async_launched' ||
        typeof toolResult?.backgroundTaskId === 'string';
      if (background && !isError) {
        this.toBackground(id);
        continue;
      }
      this.open.delete(id);
      open.span.setAttributes({ [SpanAttr.isError]: isError });
      recordToolOutput(open.span, block?.content, isError, recordOutput);
      open.span.end();
    }
  }

  /**
   * A task event: `task_started` or `task_updated` that puts a call in the background, and
   * `task_notification`, which ends a background call's span with the task's status.
   */
  taskEvent(message: Json, recordOutput: boolean): void {
    const toolUseId = asString(message.tool_use_id);
    const taskId = asString(message.task_id);
    switch (message.subtype) {
      case 'task_started':
        if (toolUseId !== undefined && taskId !== undefined) this.taskToolUse.set(taskId, toolUseId);
        if (toolUseId !== undefined && message.is_backgrounded === true) this.toBackground(toolUseId);
        break;
      case 'task_updated': {
        const id = taskId === undefined ? undefined : this.taskToolUse.get(taskId);
        if (id !== undefined && asRecord(message.patch)?.is_backgrounded === true) this.toBackground(id);
        break;
      }
      case 'task_notification': {
        if (taskId !== undefined) this.taskToolUse.delete(taskId);
        const open = toolUseId === undefined ? undefined : this.open.get(toolUseId);
        // A call still in the foreground ends at its tool_result, which follows.
        if (toolUseId === undefined || open === undefined || !open.background) break;
        this.open.delete(toolUseId);
        const status = asString(message.status);
        const failed = status === 'failed';
        open.span.setAttributes({ [SpanAttr.taskStatus]: status, [SpanAttr.isError]: failed });
        if (failed) {
          const summary = recordOutput ? asString(message.summary) : undefined;
          open.span.fail(boundedError(new Error(summary || 'The background task failed')), 'task_failed');
        }
        open.span.end();
        break;
      }
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
      open.span.fail(boundedError(error ?? new Error('The tool call had no result')), 'unanswered');
      open.span.end();
    }
  }

  /** The call `id` runs in the background: neither it nor its subagent's calls end with the turn. */
  private toBackground(id: string): void {
    const open = this.open.get(id);
    if (open === undefined) return;
    if (!open.background) open.span.setAttributes({ [SpanAttr.toolBackground]: true });
    open.background = true;
    for (const [, other] of this.open) if (this.descendsFrom(other, id)) other.turn = undefined;
  }

  private descendsFrom(open: OpenToolSpan, id: string): boolean {
    const seen = new Set<string>();
    for (let current: OpenToolSpan | undefined = open; current !== undefined; ) {
      if (current === this.open.get(id)) return true;
      const parent = current.parentId;
      if (parent === undefined || seen.has(parent)) return false;
      seen.add(parent);
      current = this.open.get(parent);
    }
    return false;
  }
}
