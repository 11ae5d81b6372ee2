import type { TransportFactory } from '@hexagent/core';
import { CliTransport } from './cli-transport.js';

/**
 * The default {@link TransportFactory}: a {@link CliTransport} with default settings, for the launch
 * the session built (for a session resumed from a store, the transport writes the launch's
 * `resumeTranscripts` to a directory of its own at `start()`).
 *
 * @example
 * ```ts
 * container.register(TRANSPORT_FACTORY, { useValue: createCliTransport });
 * ```
 */
export const createCliTransport: TransportFactory = (launch) => new CliTransport(launch);
