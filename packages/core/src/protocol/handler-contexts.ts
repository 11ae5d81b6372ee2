import type { ControlHandlerContext } from '../ports/control-protocol.js';
import { LazyAbortController } from '../util/lazy-abort-controller.js';

/** The context of an inbound request: its controller and signal are made on first read of `signal`. */
export class HandlerContext extends LazyAbortController implements ControlHandlerContext {
  readonly requestId: string;

  constructor(requestId: string) {
    super();
    this.requestId = requestId;
  }
}

/** The context of a request of a subtype registered with `cancellable: false`: its signal is the engine's. */
export class SharedContext implements ControlHandlerContext {
  readonly requestId: string;
  private readonly engine: { readonly closedSignal: AbortSignal };

  constructor(requestId: string, engine: { readonly closedSignal: AbortSignal }) {
    this.requestId = requestId;
    this.engine = engine;
  }

  get signal(): AbortSignal {
    return this.engine.closedSignal;
  }
}
