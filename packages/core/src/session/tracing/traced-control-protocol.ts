import type {
  ControlHandlerOptions,
  ControlProtocol,
  ControlRequestHandler,
  ControlRequestOptions,
} from '../../ports/control-protocol.js';
import type { InboundMessage } from '../../types/control.js';
import type { SessionTracing } from './session-tracing.js';

/**
 * A {@link ControlProtocol} decorator that gives every outbound request and every inbound request
 * its span ({@link SessionTracing}), and runs each inbound handler with its span active. The
 * session puts it in front of its protocol only when it has a tracer: the instrumentation lives
 * here, not in the engine or the handlers.
 */
export class TracedControlProtocol implements ControlProtocol {
  readonly specificationVersion = 'v1' as const;
  private readonly inner: ControlProtocol;
  private readonly tracing: SessionTracing;

  constructor(inner: ControlProtocol, tracing: SessionTracing) {
    this.inner = inner;
    this.tracing = tracing;
  }

  get pendingCount(): number {
    return this.inner.pendingCount;
  }

  request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>> {
    return this.tracing.traceRequest(subtype, () => this.inner.request(subtype, payload, options));
  }

  handle(subtype: string, handler: ControlRequestHandler, options?: ControlHandlerOptions): void {
    this.inner.handle(subtype, this.tracing.traceHandler(handler), options);
  }

  receive(message: InboundMessage): boolean {
    return this.inner.receive(message);
  }

  close(reason: Error): void {
    this.inner.close(reason);
  }
}
