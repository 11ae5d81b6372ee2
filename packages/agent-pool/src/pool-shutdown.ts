import type { AdmissionLedger } from './admission-ledger.js';
import type { ChildRegistry } from './child-registry.js';
import type { FifoWaitQueue } from './fifo-wait-queue.js';
import { killProcesses, waitUntilGone } from './kill-processes.js';
import { PoolClosedError } from './pool-closed-error.js';
import type { PoolEventEmitter } from './pool-events.js';
import type { PoolLauncher } from './pool-launcher.js';
import type { PoolRequest } from './pool-request.js';
import type { SpareShelf } from './spare-shelf.js';

/** The parts of a pool its close stops, in the order it stops them. */
export interface PoolShutdownParts {
  queue: FifoWaitQueue<PoolRequest>;
  shelf: SpareShelf;
  ledger: AdmissionLedger;
  launcher: PoolLauncher;
  children: ChildRegistry;
  events: PoolEventEmitter;
}

/**
 * A pool's orderly close: reject the queued queries (`PoolClosedError`), discard the spares, let
 * the running queries finish for up to the deadline (the pool calls {@link PoolShutdown.released}
 * whenever a CLI is gone), then stop them and kill whatever of their process trees is left, and
 * wait until none of those processes is there any more.
 */
export class PoolShutdown {
  private readonly parts: PoolShutdownParts;
  private readonly idleWaiters = new Set<() => void>();

  constructor(parts: PoolShutdownParts) {
    this.parts = parts;
  }

  /** A CLI of the pool is gone: a close waiting for the pool to be idle goes on when none is held. */
  released(): void {
    if (this.parts.ledger.held === 0) for (const resolve of this.idleWaiters) resolve();
  }

  /** Close the pool, giving running queries `deadlineMs` to finish. */
  async run(deadlineMs: number): Promise<void> {
    const { queue, shelf, launcher, children, events } = this.parts;
    queue.rejectAll(new PoolClosedError({ message: 'The agent pool closed while the query waited' }));
    await shelf.close();
    const drained = await this.whenIdle(deadlineMs);
    if (!drained) {
      await launcher.stopAll();
    }
    // Whatever is left of a tree (a descendant the CLI left behind, a transport that did not stop).
    await children.sample();
    const left = children.knownPids();
    const killed = killProcesses(left);
    // A killed CLI is gone once it is reaped: close() resolves when none of them is left.
    await waitUntilGone(left);
    children.stop();
    events.emit('closed', { killed });
  }

  private whenIdle(deadlineMs: number): Promise<boolean> {
    if (this.parts.ledger.held === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (idle: boolean) => {
        clearTimeout(timer);
        this.idleWaiters.delete(onIdle);
        resolve(idle);
      };
      const onIdle = () => done(true);
      const timer = setTimeout(() => done(false), deadlineMs);
      this.idleWaiters.add(onIdle);
    });
  }
}
