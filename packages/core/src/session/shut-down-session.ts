import { AbortError } from '../errors/abort-error.js';
import type { ControlProtocol } from '../ports/control-protocol.js';
import type { Transport } from '../ports/transport.js';
import type { TranscriptMirror } from '../session-store/mirror/transcript-mirror.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { AsyncQueue } from '../util/async-queue.js';
import type { McpServerSet } from './mcp-server-set.js';
import type { SessionTracing } from './tracing/session-tracing.js';
import type { TurnLedger } from './turn-ledger.js';

/** What a session's end stops, in the order it stops them. */
export interface SessionEndParts {
  readonly transport: Transport;
  readonly protocol: ControlProtocol;
  readonly servers: McpServerSet;
  readonly turns: TurnLedger;
  /** Aborted with the reason: every handler the session runs holds its signal. */
  readonly lifetime: AbortController;
  readonly output: AsyncQueue<SDKMessage>;
  readonly tracing: SessionTracing | undefined;
  readonly mirror: TranscriptMirror | undefined;
  /** Takes the session's listener off `options.abortController.signal` (set once it listens). */
  stopListeningForAbort?: (() => void) | undefined;
}

/** How the session was when it ended, and why. */
export interface SessionEnd {
  /** The error the message stream throws after the buffered messages; none: it just ends. */
  readonly error: unknown;
  /** The first end: the session was not closed before (later calls only wait for the transport). */
  readonly first: boolean;
  /** The CLI was running (started, not yet closed). */
  readonly wasRunning: boolean;
  /** Stop the transport (a close from our side); false when the CLI's output ended by itself. */
  readonly stopTransport: boolean;
}

/**
 * End a session: abort its handlers, reject pending requests, flush the store mirror, stop the
 * CLI and the in-process servers, then end the message stream.
 */
export async function shutDownSession(parts: SessionEndParts, end: SessionEnd): Promise<void> {
  const { error, first } = end;
  if (first) {
    const reason = error instanceof Error ? error : new AbortError({ message: 'The session was closed' });
    // On EOF the CLI finishes the turn in progress (it calls the model again, may run tools) and
    // only then exits, so a close mid-turn would let it work on for the whole grace period of
    // `transport.close()` before being killed. Interrupting first makes it stop at once, in order.
    if (end.stopTransport && end.wasRunning && !parts.turns.inputEnded && !parts.turns.isIdle) {
      parts.protocol.request('interrupt', undefined, { timeoutMs: 0 }).catch(() => {});
    }
    parts.lifetime.abort(reason);
    parts.protocol.close(reason);
    parts.stopListeningForAbort?.();
    parts.turns.close();
    parts.tracing?.close(error);
  }
  // What the CLI wrote last (its cost-state after the last result, ...) still reaches the store.
  if (first && parts.mirror !== undefined) await parts.mirror.flush();
  if (end.stopTransport || first) {
    await Promise.allSettled([parts.transport.close(), parts.servers.close()]);
  }
  if (first) parts.output.end(error);
}
