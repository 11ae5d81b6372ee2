/**
 * `@hexagent/testing/conformance`: the transport, session-store, approval-store, run-control-store and step-store conformance tests. This entry imports vitest
 * (an optional peer dependency of `@hexagent/testing`), and {@link startLinkProxy}, a loopback
 * proxy that cuts or silences a link for the fault tests.
 *
 * @packageDocumentation
 */

export {
  type ApprovalStoreConformanceOptions,
  approvalStoreConformance,
} from './approval-store-conformance-suite.js';
export { type LinkProxy, startLinkProxy } from './link-proxy.js';
export { type ProcessRecord, processesWithEnv } from './processes/process-records.js';
export {
  type RunControlStoreConformanceOptions,
  runControlStoreConformance,
} from './run-control-store-conformance-suite.js';
export {
  type SessionStoreConformanceOptions,
  sessionStoreConformance,
} from './session-store-conformance-suite.js';
export { type StepStoreConformanceOptions, stepStoreConformance } from './step-store-conformance-suite.js';
export type { StoreConformanceOptions } from './store-conformance-kit.js';
export {
  type ConformanceTransportFactory,
  type TransportConformanceOptions,
  transportConformanceSuite,
} from './transport-conformance-suite.js';
export type { FaultableTransport, TransportFaultHooks } from './transport-fault-suite.js';
