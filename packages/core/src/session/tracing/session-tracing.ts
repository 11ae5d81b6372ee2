import { ResultError } from '../../errors/result-error.js';
import type { ControlRequestHandler } from '../../ports/control-protocol.js';
import type { SessionTracer, TraceSpan } from '../../ports/session-tracer.js';
import { boundedError } from './bounded-text.js';
import { inboundRequestSpan } from './inbound-request-span.js';
import { resultAttributes, SpanAttr, SpanNames } from './span-attributes.js';
import { ToolUseSpans } from './tool-use-spans.js';

type Json = Record<string, unknown>;

/** `pending`, with `span` ended as it settles: failed with the bounded error when it rejects; `finish` sees an answer first. */
function endWhenSettled<T>(span: TraceSpan, pending: Promise<T>, finish?: (response: T) => void): Promise<T> {
  return pending.then(
    (response) => {
      finish?.(response);
      span.end();
      return response;
    },
    (error: unknown) => {
      span.fail(boundedError(error));
      span.end();
      throw error;
    },
  );
}

/** The error a failed turn's span records: the result's `errors`, else its text, else its subtype (bounded). */
function turnError(result: Json): unknown {
  const errors = Array.isArray(result.errors) ? result.errors.filter((e) => typeof e === 'string') : [];
  const text = typeof result.result === 'string' ? result.result : '';
  return boundedError(new Error(errors.join('\n') || text || `The turn ended with ${String(result.subtype)}`));
}

/**
 * The spans of one session, over a {@link SessionTracer}: the query span (`hexagent.query`), one
 * turn span per user message (kind `client`: the agent runs in the CLI's process; ended by its
 * `result`, which gives it tokens, cost, duration and stop reason), and under the oldest unanswered
 * turn (or the query span, outside a turn) one span per tool call, permission callback, hook
 * callback and control request. The tool calls the CLI runs itself are read from the messages
 * ({@link ToolUseSpans}). Free text (error messages, tool output) is bounded ({@link boundedError});
 * tool output goes in only when the tracer's `recordToolOutput` is on. Made only when a tracer is
 * given, so a session without one pays nothing.
 */
export class SessionTracing {
  private readonly tracer: SessionTracer;
  private readonly root: TraceSpan;
  /** Turn spans waiting for their `result`, oldest first: the CLI answers turns in order. */
  private readonly openTurns: TraceSpan[] = [];
  private readonly tools: ToolUseSpans;
  private turns = 0;
  private model: string | undefined;
  private sessionId: string | undefined;
  private ended = false;

  /**
   * Starts the query span, a child of the span active now.
   *
   * @param inProcessServers the session's in-process servers by name, kept up to date by the session:
   *   their tools' calls get their span from the `tools/call` request rather than from the messages.
   */
  constructor(tracer: SessionTracer, model?: string, inProcessServers: ReadonlyMap<string, unknown> = new Map()) {
    this.tracer = tracer;
    this.model = model;
    this.tools = new ToolUseSpans(tracer, inProcessServers);
    this.root = tracer.startSpan(SpanNames.query, {
      [SpanAttr.providerName]: 'anthropic',
      [SpanAttr.agentName]: 'claude-code',
      [SpanAttr.requestModel]: model,
    });
  }

  /** A user message was sent: its turn span starts. */
  turnStarted(): void {
    if (this.ended) return;
    this.turns += 1;
    this.openTurns.push(
      this.tracer.startSpan(
        SpanNames.turn,
        {
          [SpanAttr.operationName]: 'invoke_agent',
          [SpanAttr.providerName]: 'anthropic',
          [SpanAttr.agentName]: 'claude-code',
          [SpanAttr.requestModel]: this.model,
          [SpanAttr.conversationId]: this.sessionId,
        },
        this.root,
        'client',
      ),
    );
  }

  /**
   * Reads a message for the user: `system/init` names the session and model, a `result` ends a
   * turn, an assistant `tool_use` starts a tool call's span and a user `tool_result` ends it (task
   * events say when a call goes on in the background, and when it ends there).
   */
  observe(message: { type: string }): void {
    const m = message as Json;
    if (m.type === 'assistant') {
      if (!this.ended) this.tools.toolsCalled(m, this.openTurns[0], this.root);
    } else if (m.type === 'user') this.tools.toolsAnswered(m, this.recordOutput);
    else if (m.type === 'result') this.turnEnded(m);
    else if (m.type === 'system' && m.subtype === 'init') {
      if (typeof m.session_id === 'string') this.sessionId = m.session_id;
      if (typeof m.model === 'string') this.model = m.model;
      this.root.setAttributes({ [SpanAttr.conversationId]: this.sessionId, [SpanAttr.requestModel]: this.model });
    } else if (m.type === 'system' && typeof m.subtype === 'string' && m.subtype.startsWith('task_')) {
      this.tools.taskEvent(m, this.recordOutput);
    }
  }

  /** Whether tool output may go into spans: the tracer's `recordToolOutput`. */
  private get recordOutput(): boolean {
    return this.tracer.recordToolOutput === true;
  }

  /** `output`, with every message read by {@link observe} before it is pushed. */
  observing<M extends { type: string }>(output: { push(message: M): void }): { push(message: M): void } {
    return {
      push: (message) => {
        this.observe(message);
        output.push(message);
      },
    };
  }

  /** Wraps the handler of an inbound request subtype so each request it serves gets its span. */
  traceHandler(handler: ControlRequestHandler): ControlRequestHandler {
    return (request, context) => {
      const plan = inboundRequestSpan(request, this.recordOutput);
      if (plan === undefined || this.ended) return handler(request, context);
      // An in-process tool's tools/call carries on the span its tool_use started.
      const claimed = plan.toolCall
        ? this.tools.claim(plan.attributes[SpanAttr.toolCallId] as string | undefined)
        : undefined;
      claimed?.setAttributes(plan.attributes);
      const span = claimed ?? this.tracer.startSpan(plan.name, plan.attributes, this.openTurns[0] ?? this.root);
      let result: ReturnType<ControlRequestHandler>;
      try {
        result = this.tracer.withActiveSpan(span, () => handler(request, context));
      } catch (error) {
        result = Promise.reject(error);
      }
      return endWhenSettled(span, result, (response) => plan.finish?.(span, response));
    };
  }

  /** Runs an outbound control request inside its span (`hexagent.control <subtype>`). */
  traceRequest<T>(subtype: string, run: () => Promise<T>): Promise<T> {
    if (this.ended) return run();
    const span = this.tracer.startSpan(
      `${SpanNames.control} ${subtype}`,
      { [SpanAttr.controlSubtype]: subtype, [SpanAttr.controlDirection]: 'outbound' },
      this.root,
    );
    return endWhenSettled(span, run());
  }

  /** The session ended: unanswered turns end (failed, with `error`), then the query span. Idempotent. */
  close(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.tools.endUnanswered(undefined, error);
    for (const turn of this.openTurns.splice(0)) {
      turn.setAttributes({ [SpanAttr.isError]: true });
      turn.fail(boundedError(error ?? new Error('The session closed before the turn had its result')), 'unanswered');
      turn.end();
    }
    this.root.setAttributes({ [SpanAttr.turns]: this.turns });
    // A failed turn's ResultError is that turn's failure, already on its span, not the session's.
    if (error !== undefined && !ResultError.isInstance(error)) this.root.fail(boundedError(error));
    this.root.end();
  }

  private turnEnded(result: Json): void {
    const turn = this.openTurns.shift();
    const attributes = resultAttributes(result);
    this.root.setAttributes({ [SpanAttr.costUsd]: attributes[SpanAttr.costUsd] });
    if (turn === undefined) return;
    this.tools.endUnanswered(turn);
    turn.setAttributes({ ...attributes, [SpanAttr.requestModel]: this.model });
    if (result.is_error === true || result.subtype !== 'success') {
      turn.fail(turnError(result), typeof result.subtype === 'string' ? result.subtype : undefined);
    }
    turn.end();
  }
}
