import type {
  QueryControls,
  SDKControlInitializeResponse,
  SDKMessage,
  SDKUserMessage,
  SDKUserMessageInput,
  Session,
} from '@hexagent/core';
import { asyncDispose } from './async-dispose.js';
import { addLiveControls } from './live-controls.js';
import type { Query } from './types/query.js';

export interface QueryImpl extends QueryControls {}

/**
 * The `Query` over one `Session`: `query()`, a warm query and a claimed spare return one, and so
 * does the agent pool for a turn on a CLI it keeps (`new QueryImpl(createSession(...), prompt)`).
 * Every method, the live controls included, is on this class's own prototype, as on the official
 * Query (see {@link addLiveControls}).
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are defined by addLiveControls in the static block
export class QueryImpl implements Query {
  private readonly session: Session;
  private readonly iterator: AsyncIterableIterator<SDKMessage>;

  private readonly initialization: Promise<SDKControlInitializeResponse> | undefined;

  /**
   * @param prompt sent at once, or once `promptMay` resolves `true` (a claim holding the prompt
   *   until its overlay is accepted); never when it resolves `false`.
   * @param initialization what `initializationResult()` answers instead of the session's own (a claimed spare's).
   */
  constructor(
    session: Session,
    prompt: string | AsyncIterable<SDKUserMessageInput>,
    held?: { promptMay?: Promise<boolean>; initialization?: Promise<SDKControlInitializeResponse> },
  ) {
    this.session = session;
    this.iterator = session.messages();
    this.initialization = held?.initialization;
    if (held?.promptMay === undefined) sendPrompt(session, prompt);
    else
      void held.promptMay.then((may) => {
        if (may) sendPrompt(session, prompt);
      });
  }

  next(): Promise<IteratorResult<SDKMessage, void>> {
    return this.iterator.next();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    await this.session.close();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    await this.session.close(error);
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  [asyncDispose](): Promise<void> {
    return this.session.close();
  }

  initializationResult(): Promise<SDKControlInitializeResponse> {
    return this.initialization ?? this.session.initializationResult();
  }

  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    return this.session.streamInput(stream);
  }

  /** Resolves once the CLI has stopped (the `Query` type, like the official one, says `void`). */
  close(): Promise<void> {
    return this.session.close();
  }

  static {
    addLiveControls(QueryImpl, (query) => query.session);
  }
}

/** A string is one turn, then the input ends; a stream is sent message by message. */
function sendPrompt(session: Session, prompt: string | AsyncIterable<SDKUserMessageInput>): void {
  if (typeof prompt === 'string') {
    session
      .sendUserMessage(prompt)
      .then(() => session.endInput())
      .catch((error: unknown) => session.close(error));
  } else {
    void session.streamInput(prompt);
  }
}
