import { bearerToken, matchToken } from '@hexagent/transport-kit';

/**
 * The tokens a relay accepts: the current one, and, for `graceMs` after it was replaced, the one
 * before. Both are compared on every request (the kit's `matchToken`: in constant time, whichever
 * matches), so the time a check takes says nothing of which, if any, matched.
 */
export class RelayTokens {
  private current: string;
  private previous: string | undefined;
  private retireTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    token: string,
    private readonly graceMs: number,
    private readonly onRetired: (token: string) => void,
  ) {
    this.current = token;
  }

  /** The token an `Authorization` header presents, if it is one accepted now. */
  match(header: string | undefined): string | undefined {
    return matchToken(bearerToken(header), this.all);
  }

  /** Every token accepted now (none of them may reach a CLI's environment). */
  get all(): readonly string[] {
    return this.previous === undefined ? [this.current] : [this.current, this.previous];
  }

  /**
   * `token` replaces the current one, which stays accepted for `graceMs`, then is refused and
   * given to `onRetired` (a token replaced again before then is retired at once).
   */
  replace(token: string): void {
    if (token === this.current) return;
    this.retire();
    this.previous = this.current;
    this.current = token;
    this.retireTimer = setTimeout(() => this.retire(), this.graceMs);
    this.retireTimer.unref();
  }

  /** Stops the grace timer (the relay is closing). */
  close(): void {
    clearTimeout(this.retireTimer);
  }

  private retire(): void {
    clearTimeout(this.retireTimer);
    const previous = this.previous;
    this.previous = undefined;
    if (previous !== undefined) this.onRetired(previous);
  }
}
