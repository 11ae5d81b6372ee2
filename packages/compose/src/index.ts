/**
 * `@hexagent/compose`: a session composed from checked options and explicit factories, with no
 * dependency-injection container. The session (`createSession`), the `Query` over it
 * (`QueryImpl`, `startQuery`), warm start and spares (`startWarmQuery`, `startSpare`,
 * `initializeWithin`), a resume from a `sessionStore`, and the tracing wiring. `@hexagent/sdk` (the
 * facade) resolves the factories from its container and calls these; a package that composes
 * sessions itself (the agent pool) calls them with the factories it chose.
 *
 * @example
 * ```ts
 * import { defaultSessionFactories, startQuery } from '@hexagent/compose';
 *
 * const q = startQuery({ prompt: 'hi' }, defaultSessionFactories());
 * for await (const message of q) console.log(message.type);
 * ```
 *
 * @packageDocumentation
 */

export { asyncDispose } from './async-dispose.js';
export { createSession, currentLaunch } from './create-session.js';
export { addLiveControls } from './live-controls.js';
export { QueryImpl } from './query-impl.js';
export {
  defaultSessionFactories,
  type FactoryRegistrations,
  factoriesOf,
  type SessionFactories,
} from './session-factories.js';
export { projectDirName } from './session-store/cli-config-dir.js';
export { resolveSettings } from './settings/resolve-settings.js';
export { type QueryParams, startQuery } from './start-query.js';
export { CLOCK, ID_SOURCE, MCP_SERVER_FACTORY, TRACER, TRANSPORT_FACTORY } from './tokens.js';
export { activeTraceContext } from './tracing/active-trace-context.js';
export {
  createOpenTelemetryTracer,
  type OpenTelemetryTracerOptions,
} from './tracing/create-open-telemetry-tracer.js';
export { globalOpenTelemetryTracer } from './tracing/global-open-telemetry-tracer.js';
export type {
  OpenTelemetryApiLike,
  OtelContextLike,
  OtelSpanLike,
  OtelTracerLike,
} from './tracing/open-telemetry-api-like.js';
export { transportFactoryOf } from './transport-option.js';
export type { Query } from './types/query.js';
export type { SpareProcess, WarmQuery, WarmStartParams } from './types/warm.js';
export { DEFAULT_INITIALIZE_TIMEOUT_MS, initializeWithin } from './warm/initialize-within.js';
export { type StartSpareParams, startSpare } from './warm/start-spare.js';
export { startWarmQuery } from './warm/start-warm-query.js';
