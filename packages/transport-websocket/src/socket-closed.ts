/** That the socket closed, to wait for with a bound: `close()` waits for the relay to close first. */
export class SocketClosed {
  private readonly closed: Promise<void>;
  private markClosed: () => void = () => {};

  constructor() {
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
  }

  /** The socket closed. */
  mark(): void {
    this.markClosed();
  }

  /** Resolves with true once the socket closed, or with false after `timeoutMs`. */
  within(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      void this.closed.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
