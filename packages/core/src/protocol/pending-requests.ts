import { AbortError } from '../errors/abort-error.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import { ControlTimeoutError } from '../errors/control-timeout-error.js';
import { ProtocolError } from '../errors/protocol-error.js';
import type { Clock, TimerHandle } from '../ports/clock.js';
import type { ControlErrorResponse, ControlSuccessResponse, InboundMessage } from '../types/control.js';

interface PendingRequest {
  subtype: string;
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
  timer: TimerHandle | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** How one outbound request waits: its bound (0: none) and the signal that abandons it. */
export interface PendingRequestLimits {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * The outbound control requests waiting for the CLI's answer, by request id: each settles once,
 * with the answer (`ControlRequestError` for an error answer), a `ControlTimeoutError` when its
 * bound passes, an `AbortError` when its signal aborts, or the reason the protocol closed.
 */
export class PendingRequests {
  private readonly pending = new Map<string, PendingRequest>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The requests still waiting. */
  get size(): number {
    return this.pending.size;
  }

  /** Waits for the answer to `requestId` (a `subtype` request), within `limits`. */
  add(requestId: string, subtype: string, limits: PendingRequestLimits): Promise<Record<string, unknown>> {
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const { timeoutMs, signal } = limits;
      const entry: PendingRequest = { subtype, resolve, reject, timer: undefined, signal, onAbort: undefined };
      if (timeoutMs > 0) {
        entry.timer = this.clock.setTimeout(
          () => this.settle(requestId)?.reject(new ControlTimeoutError({ subtype, timeoutMs })),
          timeoutMs,
          { unref: true },
        );
      }
      if (signal !== undefined) {
        entry.onAbort = () => {
          this.settle(requestId)?.reject(new AbortError({ cause: signal.reason }));
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.pending.set(requestId, entry);
    });
  }

  /** Fails the request `requestId` with `error` (its write failed), if it still waits. */
  fail(requestId: string, error: unknown): void {
    this.settle(requestId)?.reject(error);
  }

  /** Fails every waiting request with `reason`. */
  failAll(reason: Error): void {
    for (const id of [...this.pending.keys()]) this.fail(id, reason);
  }

  /**
   * Settles the request a `control_response` answers. Returns the `ProtocolError` of an answer that
   * names no request id, or one that is not waiting (nobody's to fail: the engine reports it).
   */
  answer(message: InboundMessage): ProtocolError | undefined {
    const response = message.response as ControlSuccessResponse | ControlErrorResponse | undefined;
    const requestId = response?.request_id;
    if (response === undefined || typeof requestId !== 'string') {
      return new ProtocolError({ message: 'control_response without a request_id' });
    }
    const entry = this.settle(requestId);
    if (entry === undefined)
      return new ProtocolError({ message: `control_response for unknown request id ${requestId}` });
    if (response.subtype === 'success') {
      entry.resolve(response.response ?? {});
      return undefined;
    }
    const error = response as ControlErrorResponse;
    entry.reject(
      new ControlRequestError({
        subtype: entry.subtype,
        cliMessage: typeof error.error === 'string' ? error.error : 'unknown error',
        cliErrorCode: typeof error.error_code === 'string' ? error.error_code : undefined,
      }),
    );
    return undefined;
  }

  /** Removes a pending request and its timer and listener; returns it if it was still pending. */
  private settle(requestId: string): PendingRequest | undefined {
    const entry = this.pending.get(requestId);
    if (entry === undefined) return undefined;
    this.pending.delete(requestId);
    if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    if (entry.onAbort !== undefined) entry.signal?.removeEventListener('abort', entry.onAbort);
    return entry;
  }
}
