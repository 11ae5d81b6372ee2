import type { ClaimInfo, ClaimOptions, Options, SDKUserMessage } from '@hexagent/core';
import type { Query } from './query.js';

/** The arguments of `startup()` and `prewarm()`. */
export interface WarmStartParams {
  /** Options, as for `query()`. For `prewarm()` these are the host-level half: see `ClaimOptions` for what a claim sets. */
  options?: Options;
  /**
   * The most time, in milliseconds, to wait for the CLI to answer `initialize`; it counts
   * throughout. Defaults to 60000. Past it the promise rejects with `InitializeTimeoutError` and
   * the process is stopped.
   */
  initializeTimeoutMs?: number;
}

/**
 * A started CLI returned by `startup()`: spawned and through its `initialize` handshake, so
 * `query()` writes the prompt to a ready process. The official SDK's `WarmQuery`.
 */
export interface WarmQuery extends AsyncDisposable {
  /**
   * Send the prompt to the started CLI and return the Query. A string is one turn (the input
   * ends after its result); a stream is a multi-turn session. Can only be called once.
   * @throws Error when called a second time or after `close()`.
   */
  query(prompt: string | AsyncIterable<SDKUserMessage>): Query;
  /** Stop the CLI without sending a prompt (after `query()`, the same as closing the Query). */
  close(): void;
}

/**
 * A parked, fully started Claude Code process that is not yet any session, returned by
 * `prewarm()`. `claim()` binds it to a session and sends the first message; `close()` discards
 * it. Single use. The official SDK's `SpareProcess`.
 * @alpha
 */
export interface SpareProcess extends AsyncDisposable {
  /**
   * Bind the spare to a session and send its first message. Synchronous, like `query()`: it
   * writes the claim, the per-session options and the prompt, and returns the Query (with a
   * `settings` overlay the prompt follows one round trip later, once the overlay is accepted).
   * When the process refuses the claim, {@link SpareProcess.claimed} rejects, a prompt already
   * sent is answered with an error result whose text starts with `not_claimed`, and the process
   * exits: start the session with `query()` instead.
   * @throws Error when called a second time, or after the spare was closed or exited;
   *   `InvalidOptionError` when `options.settings` carries a key that governs hooks (nothing is
   *   sent and the spare stays parked).
   */
  claim(params: { prompt: string | AsyncIterable<SDKUserMessage>; options: ClaimOptions }): Query;
  /**
   * Settles once the process has answered the claim and the options sent with it. Rejects with
   * `SpareClaimError` (its `reason` and the start of its message: `cwd_not_found`,
   * `env_key_not_claimable`, `project_settings_not_claimable`, `permission_mode_not_claimable`,
   * `claim_failed`, `spare_exited`, `spare_closed`, `settings_not_applied`, ...): the prompt has
   * not run. The one exception is `option_not_applied` (`model` or `maxThinkingTokens` refused):
   * the session runs without them, so do not start it again.
   */
  readonly claimed: Promise<ClaimInfo>;
  /** Settles when the spare's process has exited, claimed or not: a parked spare that dies should be replaced. */
  readonly exited: Promise<void>;
  /** Stop the process. Before a claim this discards the spare (and rejects `claimed` with `spare_closed`); after one it closes the Query. */
  close(): void;
}
