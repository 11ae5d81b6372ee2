/**
 * `@hexagent/testing/conformance`: the transport conformance tests. This entry imports vitest
 * (an optional peer dependency of `@hexagent/testing`).
 *
 * @packageDocumentation
 */

export {
  type ConformanceTransportFactory,
  type TransportConformanceOptions,
  transportConformanceSuite,
} from './transport-conformance-suite.js';
