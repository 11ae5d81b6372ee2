/**
 * `@hexagent/testing/conformance`: the transport and session-store conformance tests. This entry imports vitest
 * (an optional peer dependency of `@hexagent/testing`).
 *
 * @packageDocumentation
 */

export {
  type SessionStoreConformanceOptions,
  sessionStoreConformance,
} from './session-store-conformance-suite.js';
export {
  type ConformanceTransportFactory,
  type TransportConformanceOptions,
  transportConformanceSuite,
} from './transport-conformance-suite.js';
export type { FaultableTransport, TransportFaultHooks } from './transport-fault-suite.js';
