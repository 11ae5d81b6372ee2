import type { ControlProtocol } from '../ports/control-protocol.js';
import { TransportError } from '../ports/transport-error.js';
import { ControlProtocolEngine, DEFAULT_CONTROL_TIMEOUT_MS } from '../protocol/control-protocol-engine.js';
import type { OutboundMessage } from '../types/control.js';
import type { Options } from '../types/options.js';
import type { SessionDependencies } from './session-dependencies.js';
import type { SessionTracing } from './tracing/session-tracing.js';
import { TracedControlProtocol } from './tracing/traced-control-protocol.js';

/**
 * The session's control protocol: the injected one or the engine over `send`, traced when the
 * session has tracing. `onBrokenChannel` is told when an answer cannot be written (the CLI's input
 * is gone), which would otherwise leave the CLI waiting forever.
 */
export function createSessionProtocol(
  dependencies: SessionDependencies,
  options: Options,
  send: (message: OutboundMessage) => Promise<void>,
  onBrokenChannel: (error: TransportError) => void,
  tracing: SessionTracing | undefined,
): ControlProtocol {
  const protocol =
    dependencies.createProtocol?.(send) ??
    new ControlProtocolEngine({
      send,
      defaultTimeoutMs: options.controlRequestTimeoutMs ?? DEFAULT_CONTROL_TIMEOUT_MS,
      ...(dependencies.clock !== undefined && { clock: dependencies.clock }),
      ...(dependencies.ids !== undefined && { ids: dependencies.ids }),
      onError: (error) => {
        if (TransportError.isInstance(error)) onBrokenChannel(error);
      },
    });
  return tracing === undefined ? protocol : new TracedControlProtocol(protocol, tracing);
}
