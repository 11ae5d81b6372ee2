import type { SessionTracer, SpanAttributes, TraceSpan } from '@hexagent/core';
import type { OpenTelemetryApiLike, OtelSpanLike, OtelTracerLike } from './open-telemetry-api-like.js';

/** The name of the tracer the adapter asks the global provider for. */
export const TRACER_NAME = '@hexagent/sdk';

/** `SpanStatusCode.ERROR` of `@opentelemetry/api` (a stable enum value). */
const STATUS_ERROR = 2;

/** `SpanKind` of `@opentelemetry/api` (stable enum values) by the port's kind. */
const SPAN_KIND = { internal: 0, client: 2 } as const;

/** Options of {@link createOpenTelemetryTracer}. */
export interface OpenTelemetryTracerOptions {
  /** The tracer to start spans on; default: `api.trace.getTracer('@hexagent/sdk')` (the global provider). */
  tracer?: OtelTracerLike;
  /**
   * Put tool output into spans: `gen_ai.tool.call.result` on every tool call's span, and a failed
   * call's output as its status message and exception (cut to 1024 characters). Default `false`:
   * tool output can hold anything the tools read (files, records, secrets), so a failed call's
   * span says only that it failed.
   */
  recordToolOutput?: boolean;
}

/** The `error.type` of a failure: the one given, else the error's `code`, else its name. */
function errorTypeOf(error: unknown, errorType: string | undefined): string {
  if (errorType !== undefined) return errorType;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return '_OTHER';
}

/** One OpenTelemetry span behind the {@link TraceSpan} port. */
class OtelTraceSpan implements TraceSpan {
  readonly span: OtelSpanLike;

  constructor(span: OtelSpanLike) {
    this.span = span;
  }

  setAttributes(attributes: SpanAttributes): void {
    for (const key in attributes) {
      const value = attributes[key];
      // OpenTelemetry copies array values; the port's are readonly so that callers may pass constants.
      if (value !== undefined) this.span.setAttribute(key, value as string | number | boolean | string[]);
    }
  }

  fail(error: unknown, errorType?: string): void {
    const message = error instanceof Error ? error.message : String(error);
    this.span.recordException(error instanceof Error ? error : message);
    this.span.setStatus({ code: STATUS_ERROR, message });
    this.span.setAttribute('error.type', errorTypeOf(error, errorType));
  }

  end(): void {
    this.span.end();
  }
}

/**
 * The {@link SessionTracer} port over OpenTelemetry: spans go to `options.tracer` or to the
 * global tracer provider's `@hexagent/sdk` tracer, parented through OpenTelemetry's context (a
 * query started inside a span of yours is its child), and each tool handler, hook and permission
 * callback runs with its span active (`context.with`), so spans you start there nest under it.
 * Tool output stays out of spans unless `options.recordToolOutput` is on.
 *
 * @param api the `@opentelemetry/api` module.
 *
 * @example
 * ```ts
 * import * as api from '@opentelemetry/api';
 * import { createOpenTelemetryTracer, query } from '@hexagent/sdk';
 *
 * const tracer = createOpenTelemetryTracer(api, { tracer: myProvider.getTracer('agents') });
 * for await (const m of query({ prompt: 'hi', options: { tracer } })) console.log(m.type);
 * ```
 */
export function createOpenTelemetryTracer(
  api: OpenTelemetryApiLike,
  options: OpenTelemetryTracerOptions = {},
): SessionTracer {
  const tracer = options.tracer ?? api.trace.getTracer(TRACER_NAME);
  return {
    specificationVersion: 'v1',
    recordToolOutput: options.recordToolOutput === true,
    startSpan(name, attributes, parent, kind = 'internal') {
      const active = api.context.active();
      const context = parent instanceof OtelTraceSpan ? api.trace.setSpan(active, parent.span) : active;
      const span = new OtelTraceSpan(tracer.startSpan(name, { kind: SPAN_KIND[kind] }, context));
      span.setAttributes(attributes);
      return span;
    },
    withActiveSpan(span, fn) {
      if (!(span instanceof OtelTraceSpan)) return fn();
      return api.context.with(api.trace.setSpan(api.context.active(), span.span), fn);
    },
  };
}
