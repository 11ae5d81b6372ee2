import type { ControlRequestBody, InboundMessage } from '../types/control.js';

/** Per-request options of an outbound control request. */
export interface ControlRequestOptions {
  /** Aborting rejects the request with `AbortError`. */
  signal?: AbortSignal;
  /** Reject with `ControlTimeoutError` after this many milliseconds; 0 disables the timeout. */
  timeoutMs?: number;
}

/** Context handed to the handler of an inbound control request. */
export interface ControlHandlerContext {
  /** The CLI's request id. */
  requestId: string;
  /** Aborted when the CLI cancels the request or the session closes. */
  signal: AbortSignal;
}

/**
 * What a handler resolves with to leave a request unanswered: nothing is written to the CLI. For
 * answers sent another way (an elicitation or a dialog the user answered out of band) and for
 * requests another client must settle (a user dialog no callback renders). A `Symbol.for`, so it
 * is the same value across duplicated bundles.
 */
export const NO_CONTROL_RESPONSE: unique symbol = Symbol.for('hexagent.control.noResponse');

/**
 * Serves one inbound control request subtype; the resolved value is the `response` payload
 * (`undefined` answers `{}`), or {@link NO_CONTROL_RESPONSE} to write no answer at all.
 */
export type ControlRequestHandler = (
  request: ControlRequestBody,
  context: ControlHandlerContext,
) => Promise<Record<string, unknown> | undefined | typeof NO_CONTROL_RESPONSE>;

/** How an inbound request subtype is served (see {@link ControlProtocol.handle}). */
export interface ControlHandlerOptions {
  /**
   * False for requests that `control_cancel_request` does not reach (default true). Their handlers
   * are not tracked one by one: the context's signal aborts only when the protocol closes, and no
   * answer is written after that. For subtypes that carry their own cancellation, such as
   * `mcp_message` (MCP's `notifications/cancelled`), on the hot path of every tool call.
   */
  cancellable?: boolean;
}

/**
 * Request/response correlation over a transport: outbound requests matched to answers by
 * `request_id`, inbound requests dispatched by subtype. Many requests may be in flight both ways.
 */
export interface ControlProtocol {
  /**
   * The version of this contract the implementation follows. `'v1'` is the contract described
   * here; an incompatible change to it gets a new version, so that the Session can recognise an
   * implementation written against an older contract (and adapt or refuse it) instead of misusing
   * it. An implementation sets it to the literal of the version it was written for.
   */
  readonly specificationVersion: 'v1';
  /** Send a control request and wait for the CLI's answer. */
  request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>>;
  /** Serve inbound requests of `subtype` with `handler` (replacing any earlier handler). */
  handle(subtype: string, handler: ControlRequestHandler, options?: ControlHandlerOptions): void;
  /**
   * Offer an inbound message. Returns true when it was a control message and has been dealt with;
   * false when it is for the user.
   */
  receive(message: InboundMessage): boolean;
  /** Reject every pending request with `reason` and abort every running handler. Idempotent. */
  close(reason: Error): void;
  /** Number of outbound requests still waiting for an answer. */
  readonly pendingCount: number;
}
