import type { SessionTracer, SpanAttributes, TraceSpan, TraceSpanKind } from '../../src/ports/session-tracer.js';

/** A span as {@link RecordingTracer} records it. */
export interface RecordedSpan extends TraceSpan {
  name: string;
  kind: TraceSpanKind;
  parent: RecordedSpan | undefined;
  attributes: SpanAttributes;
  errors: Array<{ error: unknown; errorType: string | undefined }>;
  ended: number;
}

/** A {@link SessionTracer} that records its spans, and which span was active when. */
export class RecordingTracer implements SessionTracer {
  readonly specificationVersion = 'v1' as const;
  readonly spans: RecordedSpan[] = [];
  readonly recordToolOutput: boolean;
  active: RecordedSpan | undefined;

  constructor(options: { recordToolOutput?: boolean } = {}) {
    this.recordToolOutput = options.recordToolOutput === true;
  }

  startSpan(name: string, attributes: SpanAttributes, parent?: TraceSpan, kind: TraceSpanKind = 'internal'): TraceSpan {
    const span: RecordedSpan = {
      name,
      kind,
      parent: (parent as RecordedSpan | undefined) ?? this.active,
      attributes: { ...attributes },
      errors: [],
      ended: 0,
      setAttributes(more) {
        Object.assign(span.attributes, more);
      },
      fail(error, errorType) {
        span.errors.push({ error, errorType });
      },
      end() {
        span.ended += 1;
      },
    };
    this.spans.push(span);
    return span;
  }

  withActiveSpan<T>(span: TraceSpan, fn: () => T): T {
    const before = this.active;
    this.active = span as RecordedSpan;
    try {
      return fn();
    } finally {
      this.active = before;
    }
  }

  /** The span named `name` (the first one). */
  span(name: string): RecordedSpan {
    const found = this.spans.find((s) => s.name === name);
    if (found === undefined) throw new Error(`no span ${name}; spans: ${this.spans.map((s) => s.name).join(', ')}`);
    return found;
  }
}
