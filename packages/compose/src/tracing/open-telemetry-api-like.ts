/**
 * The parts of `@opentelemetry/api` the tracer adapter uses, declared structurally so that this
 * package's types need no OpenTelemetry install (it is an optional peer). The real module
 * (`import * as api from '@opentelemetry/api'`) fits.
 */

/** An OpenTelemetry context (opaque here). */
export type OtelContextLike = object;

/** The span methods the adapter calls. */
export interface OtelSpanLike {
  setAttribute(key: string, value: string | number | boolean | string[] | number[] | boolean[]): unknown;
  recordException(
    exception: string | { message?: string; name?: string; stack?: string; code?: string | number },
  ): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): unknown;
}

/** The tracer method the adapter calls. */
export interface OtelTracerLike {
  startSpan(name: string, options?: object, context?: OtelContextLike): OtelSpanLike;
}

/** `@opentelemetry/api`'s `trace`, `context` and `propagation`, as far as the adapter needs them. */
export interface OpenTelemetryApiLike {
  trace: {
    getTracer(name: string, version?: string): OtelTracerLike;
    setSpan(context: OtelContextLike, span: OtelSpanLike): OtelContextLike;
  };
  context: {
    active(): OtelContextLike;
    with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
      context: OtelContextLike,
      fn: F,
      thisArg?: ThisParameterType<F>,
      ...args: A
    ): ReturnType<F>;
  };
  /** The registered propagator (the real module has it; a stand-in may leave it out): writes the trace context. */
  propagation?: {
    inject(context: OtelContextLike, carrier: Record<string, string>): void;
  };
}
