/** A span attribute's value, as OpenTelemetry accepts it. */
export type SpanAttributeValue = string | number | boolean | readonly string[] | readonly number[] | readonly boolean[];

/** Span attributes by name; an `undefined` value is left out. */
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/**
 * A span's kind, as OpenTelemetry has it: `client` for a call to another process (a turn of the
 * CLI, an agent that runs out of this process), `internal` for the rest.
 */
export type TraceSpanKind = 'internal' | 'client';

/** One span, as the session uses it: attributes, a failure, an end. */
export interface TraceSpan {
  /** Adds or replaces attributes (an `undefined` value is skipped). */
  setAttributes(attributes: SpanAttributes): void;
  /**
   * Marks the span failed: status ERROR with the error's message, the exception recorded, and the
   * `error.type` attribute (`errorType`, else the error's `code` or name).
   */
  fail(error: unknown, errorType?: string): void;
  /** Ends the span. Called once per span. */
  end(): void;
}

/**
 * The tracer port: how the session reports its query, turns, tool calls, hook and permission
 * callbacks and control requests as spans, without knowing OpenTelemetry. The facade's adapter
 * maps it onto `@opentelemetry/api`; a test can implement it in a few lines.
 */
export interface SessionTracer {
  /** The version of this contract the implementation follows. */
  readonly specificationVersion: 'v1';
  /**
   * Whether tool output may go into spans: with `true`, a tool call's span gets its output as
   * `gen_ai.tool.call.result`, and a failed call's status and exception carry it (both cut to
   * 1024 characters). Default `false`: tool output can hold whatever the tools read, so it stays
   * out of traces unless asked for.
   */
  readonly recordToolOutput?: boolean;
  /**
   * Starts a span. With `parent`, the span is its child; without, a child of whatever span is
   * active when it is called (the user's own span around `query()`, if any). `kind` defaults to
   * `internal`.
   */
  startSpan(name: string, attributes: SpanAttributes, parent?: TraceSpan, kind?: TraceSpanKind): TraceSpan;
  /**
   * Runs `fn` with `span` as the active span, so spans the user starts inside it (in a tool
   * handler, a hook or a permission callback) become its children. Returns what `fn` returns.
   */
  withActiveSpan<T>(span: TraceSpan, fn: () => T): T;
}
