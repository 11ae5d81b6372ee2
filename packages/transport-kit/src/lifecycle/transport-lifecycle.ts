import { TransportClosedError, TransportInputClosedError, TransportStartError } from '@hexagent/core';

/**
 * Where a transport is in the `Transport` contract's lifecycle:
 * - `new`: constructed; nothing started;
 * - `starting`: `start()` runs;
 * - `open`: the CLI runs; messages flow both ways;
 * - `closing`: `close()` was called (or a fault closes it); what runs is being stopped;
 * - `closed`: everything is released, the CLI ended on its own, or it never started.
 */
export type TransportLifecycleState = 'new' | 'starting' | 'open' | 'closing' | 'closed';

/**
 * The start/close lifecycle the `Transport` contract asks of every transport, written once: `start()`
 * runs once (a second call rejects with `TransportStartError`, a call after `close()` with
 * `TransportClosedError`, and nothing runs); `close()` runs its stop once, after `start()` settled,
 * and every later call gets the same promise; `close()` before `start()` closes at once; `send()`
 * is refused with `TransportInputClosedError` before the transport is open and after `endInput()`
 * or `close()`. A transport keeps what is its own (the process, the socket) and asks this object
 * what the contract allows.
 *
 * @example
 * ```ts
 * class MyTransport implements Transport {
 *   private readonly lifecycle = new TransportLifecycle('MyTransport');
 *   start() {
 *     return this.lifecycle.start(async () => {
 *       await this.connect();
 *       if (!this.lifecycle.opened()) this.socket.destroy(); // close() came first
 *     });
 *   }
 *   send(message: OutboundMessage) {
 *     const refusal = this.lifecycle.sendRefusal();
 *     if (refusal !== undefined) return Promise.reject(refusal);
 *     return this.write(message);
 *   }
 *   close() {
 *     return this.lifecycle.close(async () => this.disconnect());
 *   }
 * }
 * ```
 */
export class TransportLifecycle {
  private readonly owner: string;
  private current: TransportLifecycleState = 'new';
  private inputClosed = false;
  private startPromise: Promise<void> | undefined;
  private closePromise: Promise<void> | undefined;

  /** @param owner the transport's class name, for the errors' messages. */
  constructor(owner: string) {
    this.owner = owner;
  }

  /** The current state. */
  get state(): TransportLifecycleState {
    return this.current;
  }

  /** True while the CLI runs and nothing asked to stop it. */
  get isOpen(): boolean {
    return this.current === 'open';
  }

  /** True once `close()` was called (or a fault closed the transport): its end is no failure. */
  get isClosing(): boolean {
    return this.closePromise !== undefined;
  }

  /** True once `endInput()` was called. */
  get inputEnded(): boolean {
    return this.inputClosed;
  }

  /**
   * `start()`: runs `run` the first time, in state `starting`; when it rejects the transport is
   * `closed` (or stays `closing` until `close()` is done). `run` calls {@link TransportLifecycle.opened} once the CLI runs.
   *
   * @throws TransportStartError on a second call; TransportClosedError after `close()` (`run` does not run).
   */
  start(run: () => Promise<void>): Promise<void> {
    if (this.current !== 'new') {
      return Promise.reject(
        this.current === 'closing' || this.current === 'closed'
          ? new TransportClosedError({ message: `${this.owner}.start(): the transport is closed` })
          : new TransportStartError({ message: `${this.owner}.start() may be called only once` }),
      );
    }
    this.current = 'starting';
    this.startPromise = run().catch((error: unknown) => {
      this.ended();
      throw error;
    });
    return this.startPromise;
  }

  /** The CLI runs: `starting` becomes `open`. False when `close()` came first (stop what started). */
  opened(): boolean {
    if (this.current !== 'starting') return false;
    this.current = 'open';
    return true;
  }

  /** The run ended on its own (the CLI exited, the link dropped, starting failed): `closed`. */
  ended(): void {
    if (this.current !== 'closing') this.current = 'closed';
  }

  /** `endInput()`: true the first time, when the transport should send the end of input. */
  endInput(): boolean {
    if (this.inputClosed) return false;
    this.inputClosed = true;
    return true;
  }

  /** Why `send()` may not write now: a `TransportInputClosedError`, or `undefined` when it may. */
  sendRefusal(): TransportInputClosedError | undefined {
    return this.current === 'open' && !this.inputClosed ? undefined : new TransportInputClosedError();
  }

  /**
   * `close()`: the first call moves to `closing`, waits until `start()` settled, runs `stop` (told
   * whether the transport was open when `close()` was called), then is `closed`. Later calls get the
   * same promise. `stop` must not reject.
   */
  close(stop: (wasOpen: boolean) => Promise<void>): Promise<void> {
    if (this.closePromise === undefined) {
      const wasOpen = this.current === 'open';
      if (this.current !== 'closed') this.current = 'closing';
      this.closePromise = this.stop(stop, wasOpen);
    }
    return this.closePromise;
  }

  private async stop(stop: (wasOpen: boolean) => Promise<void>, wasOpen: boolean): Promise<void> {
    await this.startPromise?.catch(() => {});
    try {
      await stop(wasOpen);
    } finally {
      this.current = 'closed';
    }
  }
}
