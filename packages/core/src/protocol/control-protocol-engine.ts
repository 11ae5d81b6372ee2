import { AbortError } from '../errors/abort-error.js';
import { ProtocolError } from '../errors/protocol-error.js';
import type { Clock } from '../ports/clock.js';
import type {
  ControlHandlerOptions,
  ControlProtocol,
  ControlRequestHandler,
  ControlRequestOptions,
} from '../ports/control-protocol.js';
import { NO_CONTROL_RESPONSE } from '../ports/control-protocol.js';
import type { IdSource } from '../ports/id-source.js';
import type { ControlErrorResponse, ControlRequestBody, InboundMessage, OutboundMessage } from '../types/control.js';
import { errorMessage } from '../util/error-message.js';
import { randomIdSource } from '../util/random-id-source.js';
import { systemClock } from '../util/system-clock.js';
import { HandlerContext, SharedContext } from './handler-contexts.js';
import { PendingRequests } from './pending-requests.js';

/** The `error_code` of the answer to a request subtype nobody serves, as the official SDK sends it. */
export const UNSUPPORTED_REQUEST_ERROR_CODE = 'unsupported_request';

type HandlerResult = Record<string, unknown> | undefined | typeof NO_CONTROL_RESPONSE;

/** Default timeout of outbound control requests: 60 s. */
export const DEFAULT_CONTROL_TIMEOUT_MS = 60_000;

/** Construction options of {@link ControlProtocolEngine}. */
export interface ControlProtocolEngineOptions {
  /** Writes one message to the CLI. A rejection fails the request that was being sent. */
  send: (message: OutboundMessage) => Promise<void>;
  /** Default timeout of outbound requests in ms; 0 disables it. */
  defaultTimeoutMs?: number;
  /** Told about faults that belong to no caller (an answer to an unknown request id, a failed write of an answer). */
  onError?: (error: Error) => void;
  /** Where request timeouts are set; default `systemClock`. */
  clock?: Clock;
  /** Where the random prefix of this engine's request ids comes from; default `randomIdSource`. */
  ids?: IdSource;
}

interface Registration {
  handler: ControlRequestHandler;
  cancellable: boolean;
}

/** Request ids are `req_<6 hex digits of a random UUID>_<n>`: unique enough, and never a CLI's own. */
function requestIdPrefix(ids: IdSource): string {
  return `req_${ids.uuid().slice(0, 6)}_`;
}

/**
 * The control protocol engine: correlates outbound requests with answers by `request_id`,
 * dispatches inbound requests by subtype, answers unknown subtypes (`error_code:
 * 'unsupported_request'`, as the official SDK) and failing handlers with error responses, writes
 * nothing for a handler that resolves with `NO_CONTROL_RESPONSE`, and honours per-request timeouts
 * and abort signals. Pure: it writes through the
 * `send` function it is given and reads what `receive` is offered.
 */
export class ControlProtocolEngine implements ControlProtocol {
  /** The version of the {@link ControlProtocol} contract this engine follows. */
  readonly specificationVersion = 'v1' as const;
  private readonly sendMessage: (message: OutboundMessage) => Promise<void>;
  private readonly defaultTimeoutMs: number;
  private readonly onError: (error: Error) => void;
  private readonly pending: PendingRequests;
  private readonly handlers = new Map<string, Registration>();
  /** Handlers of cancellable subtypes still running, by request id. */
  private readonly running = new Map<string, HandlerContext>();
  /** Aborted on close; made on first use. */
  private closeController: AbortController | undefined;
  private readonly prefix: string;
  private counter = 0;
  private closedReason: Error | undefined;

  constructor(options: ControlProtocolEngineOptions) {
    this.sendMessage = options.send;
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_CONTROL_TIMEOUT_MS;
    this.onError = options.onError ?? (() => {});
    this.pending = new PendingRequests(options.clock ?? systemClock);
    this.prefix = requestIdPrefix(options.ids ?? randomIdSource);
  }

  /** Outbound requests waiting for an answer. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Inbound requests of cancellable subtypes whose handlers are still running. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Aborted when the engine closes: the signal of handlers of subtypes that are not cancellable. */
  get closedSignal(): AbortSignal {
    if (this.closeController === undefined) {
      this.closeController = new AbortController();
      if (this.closedReason !== undefined) this.closeController.abort(this.closedReason);
    }
    return this.closeController.signal;
  }

  request(
    subtype: string,
    payload?: Record<string, unknown>,
    options: ControlRequestOptions = {},
  ): Promise<Record<string, unknown>> {
    if (this.closedReason !== undefined) return Promise.reject(this.closedReason);
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
    this.counter += 1;
    const requestId = `${this.prefix}${this.counter}`;
    const answer = this.pending.add(requestId, subtype, {
      timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs,
      signal,
    });
    const body: ControlRequestBody = payload === undefined ? { subtype } : { ...payload, subtype };
    this.trySend({ type: 'control_request', request_id: requestId, request: body }).catch((error: unknown) => {
      this.pending.fail(requestId, error);
    });
    return answer;
  }

  handle(subtype: string, handler: ControlRequestHandler, options: ControlHandlerOptions = {}): void {
    this.handlers.set(subtype, { handler, cancellable: options.cancellable ?? true });
  }

  receive(message: InboundMessage): boolean {
    switch (message.type) {
      case 'control_response': {
        const problem = this.pending.answer(message);
        if (problem !== undefined) this.onError(problem);
        return true;
      }
      case 'control_request':
        this.onRequest(message);
        return true;
      case 'control_cancel_request': {
        const id = message.request_id;
        if (typeof id === 'string') this.running.get(id)?.abort(new AbortError({ message: 'Cancelled by the CLI' }));
        return true;
      }
      default:
        return false;
    }
  }

  close(reason: Error): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    this.pending.failAll(reason);
    for (const context of this.running.values()) context.abort(reason);
    this.running.clear();
    this.closeController?.abort(reason);
  }

  private onRequest(message: InboundMessage): void {
    const requestId = message.request_id;
    const request = message.request as ControlRequestBody | undefined;
    if (typeof requestId !== 'string' || request === undefined || typeof request.subtype !== 'string') {
      this.onError(new ProtocolError({ message: 'control_request without a request_id or subtype' }));
      if (typeof requestId === 'string') this.answerError(requestId, 'Malformed control request');
      return;
    }
    const registration = this.handlers.get(request.subtype);
    if (registration === undefined) {
      this.answerError(
        requestId,
        `Unsupported control request subtype: ${request.subtype}`,
        UNSUPPORTED_REQUEST_ERROR_CODE,
      );
      return;
    }
    if (this.closedReason !== undefined) {
      this.answerError(requestId, 'The session is closing');
      return;
    }
    if (!registration.cancellable) {
      this.runShared(registration.handler, requestId, request);
      return;
    }
    const context = new HandlerContext(requestId);
    this.running.set(requestId, context);
    let result: Promise<HandlerResult>;
    try {
      result = registration.handler(request, context);
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (response) => {
        if (this.running.get(requestId) !== context) return;
        this.running.delete(requestId);
        this.answer(requestId, response);
      },
      (error: unknown) => {
        if (this.running.get(requestId) !== context) return;
        this.running.delete(requestId);
        this.answerError(requestId, errorMessage(error));
      },
    );
  }

  /** Runs the handler of a subtype that is not cancellable: untracked, answered unless the engine closed. */
  private runShared(handler: ControlRequestHandler, requestId: string, request: ControlRequestBody): void {
    let result: Promise<HandlerResult>;
    try {
      result = handler(request, new SharedContext(requestId, this));
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (response) => {
        if (this.closedReason === undefined) this.answer(requestId, response);
      },
      (error: unknown) => {
        if (this.closedReason === undefined) this.answerError(requestId, errorMessage(error));
      },
    );
  }

  private answer(requestId: string, response: HandlerResult): void {
    if (response === NO_CONTROL_RESPONSE) return;
    this.write({
      type: 'control_response',
      response: { subtype: 'success', request_id: requestId, response: response ?? {} },
    });
  }

  private answerError(requestId: string, error: string, errorCode?: string): void {
    const response: ControlErrorResponse = { subtype: 'error', request_id: requestId, error };
    if (errorCode !== undefined) response.error_code = errorCode;
    this.write({ type: 'control_response', response });
  }

  private write(message: OutboundMessage): void {
    this.trySend(message).catch((error: unknown) => {
      this.onError(error instanceof Error ? error : new Error(String(error)));
    });
  }

  /** Calls `send`, turning a synchronous throw into a rejection (so it fails one request, never the engine). */
  private trySend(message: OutboundMessage): Promise<void> {
    try {
      return this.sendMessage(message);
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
