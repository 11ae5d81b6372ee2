import { createSession, QueryImpl, type SessionFactories } from '@hexagent/compose';
import { AbortError, type Options, onAbort, type SDKMessage, type Session } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import { ConversationResetCheck, type InitFacts, initFactsOf } from './conversation-reset-check.js';
import { PoolRecycleError } from './pool-recycle-error.js';
import type { SpareClaimParams } from './spare-claim-params.js';
import { TurnQuery } from './turn-query.js';
import { watchPermissionUpdates } from './watch-permission-updates.js';

/**
 * Where the CLI is: `fresh` (no query yet), `handed` (given to one query for good), `turn` (serving
 * one), `ending` (its query ended and its input too: it exits), `resetting` (running `/clear`),
 * `parked` (reset, waiting for the next query) or `closed`.
 */
type Phase = 'fresh' | 'handed' | 'turn' | 'ending' | 'resetting' | 'parked' | 'closed';

/** The pool's side of a turn served by {@link ReusableCli.serve}. */
export interface TurnOwner {
  /** The turn's run is over (its `result`, and any follow-up turn): true keeps the CLI (it resets for another query), false lets it end. */
  keep(cli: ReusableCli): boolean;
  /** The reset of a kept CLI is over: parked and ready (no error), or failed and being closed. */
  resetEnded(cli: ReusableCli, error: PoolRecycleError | undefined): void;
}

/**
 * A CLI the pool starts with its profile and owns (a `spareStart: 'startup'` spare, or a cold
 * start of a query the pool may recycle): a long-lived session whose input the pool controls. It
 * can be handed to one query for good (`claim`, as a startup spare is), or serve queries one turn
 * each (`serve`): the query's prompt is sent, its `Query` yields that turn's messages and ends once
 * the CLI's run is over (`Session.waitForRunEnd`: after the `result`, and after the follow-up turns
 * a background subagent wakes the main agent for); if the pool keeps the CLI, it sends `/clear`, reads that turn itself (no message
 * reaches a caller), checks the conversation was reset ({@link ConversationResetCheck}) and parks.
 * One reader (`pump`) takes every message of the session and routes it by phase. It is a `PoolSpare`
 * by shape (no `implements`, so this file and spare-source.ts do not name each other).
 */
export class ReusableCli {
  readonly session: Session;
  readonly claimed: Promise<unknown> = Promise.resolve();
  readonly exited: Promise<void>;
  private phase: Phase = 'fresh';
  private pumping = false;
  private turn: TurnQuery | undefined;
  private owner: TurnOwner | undefined;
  private stopListening: (() => void) | undefined;
  private check: ConversationResetCheck | undefined;
  private resetTimer: ReturnType<typeof setTimeout> | undefined;
  private resetTimeoutMs = 0;
  private taintReason: string | undefined;
  private served = 0;
  private servedKey: string | undefined;
  private firstInit: InitFacts | undefined;
  private sessionId: string | undefined;
  /** Messages the pump has taken from the session so far. */
  private read = 0;
  /** The turn's run ended once the pump has read this many messages (the session's count then). */
  private runEndsAt: number | undefined;
  private awaitingRunEnd = false;

  /** A CLI started with `options` from `factories` (not started yet: `serve` or `session.start()` starts it). */
  static create(options: Options, factories: SessionFactories): ReusableCli {
    const box: { cli?: ReusableCli } = {};
    const watched = watchPermissionUpdates(options, () =>
      box.cli?.taint('a permission answer carried updatedPermissions'),
    );
    // A pooled CLI serves many queries, so no one caller's trace context goes into its environment.
    box.cli = new ReusableCli(createSession(watched, factories, {}));
    return box.cli;
  }

  private constructor(session: Session) {
    this.session = session;
    const ended = new Promise<void>((resolve) => {
      if (session.signal.aborted) resolve();
      else session.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    this.exited = ended.then(() => session.close().catch(() => {}));
  }

  /** Itself: the pool may serve queries on it turn by turn. */
  get reusable(): ReusableCli {
    return this;
  }

  /** Queries served so far. */
  get uses(): number {
    return this.served;
  }

  /** The `key` of the last query served. */
  get key(): string | undefined {
    return this.servedKey;
  }

  /** Why this CLI must not serve another query (a control changed it, ...), if anything. */
  get taintedBy(): string | undefined {
    return this.taintReason;
  }

  /** True while the CLI's session runs. */
  get alive(): boolean {
    return !this.session.isClosed;
  }

  /** Its turn's `result` was handed on and the run is ending: the pool may keep it (its owner decides). */
  get returning(): boolean {
    return this.phase === 'turn' && this.awaitingRunEnd && this.alive;
  }

  /** Mark the CLI as not reusable; the first reason is kept. */
  taint(reason: string): void {
    this.taintReason ??= reason;
  }

  /** Hand the CLI to one query for good, as a startup spare's claim does (only before any turn). */
  claim(params: SpareClaimParams): Query {
    if (this.phase !== 'fresh') throw new Error('ReusableCli.claim(): the CLI has served a query already');
    this.phase = 'handed';
    return new QueryImpl(this.session, params.prompt);
  }

  /**
   * Serve one string prompt as one turn; returns its `Query` at once. `signal` stops the CLI until
   * the turn ends. `owner` decides when the turn's run is over whether the CLI is kept and hears how its reset went.
   */
  serve(
    params: { prompt: string; key: string | undefined; signal: AbortSignal | undefined; resetTimeoutMs: number },
    owner: TurnOwner,
  ): Query {
    if (this.phase !== 'fresh' && this.phase !== 'parked') throw new Error(`ReusableCli.serve() while ${this.phase}`);
    this.served += 1;
    this.servedKey = params.key;
    this.owner = owner;
    this.resetTimeoutMs = params.resetTimeoutMs;
    this.runEndsAt = undefined;
    this.awaitingRunEnd = false;
    const turn = new TurnQuery(this.session, this);
    this.turn = turn;
    this.phase = 'turn';
    if (!this.pumping) {
      this.pumping = true;
      void this.pump();
    }
    const { signal } = params;
    if (signal !== undefined) {
      const abort = () =>
        void this.session.abort(
          new AbortError({ message: 'Claude Code process aborted by user', cause: signal.reason }),
        );
      if (signal.aborted) abort();
      else this.stopListening = onAbort(signal, abort);
    }
    this.session.sendUserMessage(params.prompt).catch((error: unknown) => this.session.close(error));
    return turn;
  }

  /** Stop the CLI (parked, or whatever it does). */
  close(): Promise<void> {
    return this.session.close();
  }

  private async pump(): Promise<void> {
    const messages = this.session.messages();
    let error: unknown;
    try {
      for (let next = await messages.next(); next.done !== true; next = await messages.next()) {
        this.read += 1;
        this.route(next.value);
        this.endTurnIfDue();
      }
    } catch (caught) {
      error = caught;
    }
    this.ended(error);
  }

  private route(message: SDKMessage): void {
    if (this.phase === 'turn') this.onTurnMessage(message);
    else if (this.phase === 'ending') this.turn?.push(message);
    else if (this.phase === 'resetting') this.onResetMessage(message);
    else if (this.phase === 'parked') {
      // Nothing may run in a parked CLI (a scheduled task, a late notification): it is not reusable.
      this.taint(`it wrote a ${message.type} message while parked`);
      void this.session.close(new PoolRecycleError({ message: `The parked CLI wrote a ${message.type} message` }));
    }
  }

  private onTurnMessage(message: SDKMessage): void {
    this.firstInit ??= initFactsOf(message);
    (this.turn as TurnQuery).push(message);
    if (message.type !== 'result') return;
    this.sessionId = message.session_id;
    if (this.awaitingRunEnd) return;
    // The turn goes on past its result while the CLI runs (a background subagent wakes the main
    // agent): it ends once the pump has handed on every message the session had at the run's end.
    this.awaitingRunEnd = true;
    void this.session.waitForRunEnd().then(({ messageCount }) => {
      this.runEndsAt = messageCount;
      this.endTurnIfDue();
    });
  }

  private endTurnIfDue(): void {
    if (this.phase !== 'turn' || this.runEndsAt === undefined || this.read < this.runEndsAt) return;
    const turn = this.turn as TurnQuery;
    this.stopListening?.();
    this.stopListening = undefined;
    if (this.alive && this.owner?.keep(this) === true) {
      turn.detach();
      this.startReset();
    } else {
      // As a string-prompt query(): its input ends after its run and the CLI exits.
      this.phase = 'ending';
      this.session.endInput();
    }
  }

  private startReset(): void {
    this.phase = 'resetting';
    this.check = new ConversationResetCheck({ sessionId: this.sessionId, init: this.firstInit });
    const ms = this.resetTimeoutMs;
    this.resetTimer = setTimeout(
      () => this.resetFailed(new PoolRecycleError({ message: `The CLI did not answer /clear within ${ms} ms` })),
      ms,
    );
    (this.resetTimer as { unref?: () => void }).unref?.();
    // A command even for a `verbatimPrompts` profile (whose prompts never run one), written with
    // string content as the e2e tests recorded the CLI resetting on it.
    this.session
      .sendUserMessage(
        { type: 'user', session_id: '', message: { role: 'user', content: '/clear' }, parent_tool_use_id: null },
        { verbatim: false },
      )
      .catch((error: unknown) =>
        this.resetFailed(new PoolRecycleError({ message: 'The pool could not send /clear', cause: error })),
      );
  }

  private onResetMessage(message: SDKMessage): void {
    const verdict = this.check?.receive(message);
    if (verdict === undefined) return;
    if (verdict instanceof PoolRecycleError) {
      this.resetFailed(verdict);
      return;
    }
    clearTimeout(this.resetTimer);
    this.sessionId = verdict.sessionId;
    this.phase = 'parked';
    this.owner?.resetEnded(this, undefined);
  }

  private resetFailed(error: PoolRecycleError): void {
    if (this.phase !== 'resetting') return;
    clearTimeout(this.resetTimer);
    this.phase = 'closed';
    this.taint(error.message);
    void this.session.close();
    this.owner?.resetEnded(this, error);
  }

  /** The session's messages ended: the CLI exited or was stopped. */
  private ended(error: unknown): void {
    const phase = this.phase;
    this.phase = 'closed';
    clearTimeout(this.resetTimer);
    this.stopListening?.();
    if (phase === 'turn' || phase === 'ending') this.turn?.finish(error);
    else if (phase === 'resetting') {
      this.owner?.resetEnded(this, new PoolRecycleError({ message: 'The CLI exited during /clear', cause: error }));
    }
  }
}
