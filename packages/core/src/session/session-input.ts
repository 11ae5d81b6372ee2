import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { Transport } from '../ports/transport.js';
import { TransportError } from '../ports/transport-error.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { SessionTracing } from './tracing/session-tracing.js';
import type { TurnLedger } from './turn-ledger.js';
import { userMessageWire } from './user-message-wire.js';

/** The parts of a session its user input goes through. */
export interface SessionInputParts {
  transport: Transport;
  turns: TurnLedger;
  tracing: SessionTracing | undefined;
  /** The `verbatimPrompts` option. */
  verbatimPrompts: boolean;
  /** Starts the session (idempotent). */
  start(): Promise<void>;
  /** Settles when prompts may run (external MCP servers confirmed); undefined when nothing gates them. */
  gate(): Promise<unknown> | undefined;
  isClosed(): boolean;
  closedError(): Error;
  close(error: unknown): Promise<void>;
  /** Sends one message as `Session.sendUserMessage` does (what `stream` calls for each). */
  send(message: string | SDKUserMessageInput): Promise<void>;
}

/**
 * The user side of a session: one user turn at a time, or a stream of them. Each turn is counted
 * in the {@link TurnLedger} before anything is awaited, and waits for the session to start and for
 * the CLI to confirm the MCP servers sent in `initialize`.
 */
export class SessionInput {
  constructor(private readonly parts: SessionInputParts) {}

  /** See `Session.sendUserMessage`. */
  async send(message: string | SDKUserMessageInput, verbatim: boolean | undefined): Promise<void> {
    const { turns, transport } = this.parts;
    if (turns.inputDone)
      throw new InvalidOptionError({ option: 'prompt', message: 'the input of this session has ended' });
    // Counted before any await, so an endInput() called while this send is under way waits for its result.
    turns.userMessageSent();
    this.parts.tracing?.turnStarted();
    await this.parts.start();
    await this.parts.gate()?.catch(() => {});
    if (this.parts.isClosed()) throw this.parts.closedError();
    try {
      await transport.send(userMessageWire(message, verbatim ?? this.parts.verbatimPrompts));
    } catch (error) {
      // The CLI's input is gone (it exited, or closed its end): no turn can reach it any more, so the
      // session ends rather than wait for an answer that cannot come.
      if (TransportError.isInstance(error)) await this.parts.close(error);
      throw error;
    }
  }

  /** See `Session.streamInput`. */
  async stream(input: AsyncIterable<string | SDKUserMessageInput>, endInputWhenDone: boolean): Promise<void> {
    try {
      for await (const message of input) {
        if (this.parts.isClosed()) return;
        await this.parts.send(message);
      }
    } catch (error) {
      if (!this.parts.isClosed()) await this.parts.close(error);
      return;
    }
    if (endInputWhenDone) this.parts.turns.requestEndInput();
  }
}
