import type { Options, SessionTracer } from '@hexagent/core';
import { globalOpenTelemetryTracer } from './global-open-telemetry-tracer.js';

/**
 * The session's tracer: the one given; none with `false`; else the container's `TRACER`; else, when
 * asked for (`true`, or `HEXAGENT_TRACING=1` with the option left out), the global OpenTelemetry
 * provider's, when one is registered. Never the global provider unasked: the official SDK sends no
 * spans, and a program that registered a provider for an instrumentation wants that one's alone.
 */
export function chosenTracer(
  given: Options['tracer'],
  registered: SessionTracer | undefined,
): SessionTracer | undefined {
  if (typeof given === 'object' && given !== null) return given;
  if (given === false) return undefined;
  if (registered !== undefined) return registered;
  const asked = given ?? tracingAskedByEnvironment();
  return asked ? globalOpenTelemetryTracer() : undefined;
}

function tracingAskedByEnvironment(): boolean {
  const value = process.env.HEXAGENT_TRACING?.trim().toLowerCase();
  return value === '1' || value === 'true';
}
