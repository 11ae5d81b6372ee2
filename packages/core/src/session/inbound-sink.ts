import type { ControlProtocol } from '../ports/control-protocol.js';
import type { TransportSink } from '../ports/transport.js';
import type { InboundMessage } from '../types/control.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SlashCommand } from '../types/slash-command.js';
import { ErrorResultTracker } from './error-result-tracker.js';
import { isHostOnlyMessage } from './host-only-message.js';
import type { TurnLedger } from './turn-ledger.js';

/** The session-store mirror as the sink uses it (a `TranscriptMirror`). */
export interface InboundMirror {
  /** Takes one `transcript_mirror` message. */
  receive(message: InboundMessage): void;
  /** True when a flush would have nothing to wait for. */
  readonly idle: boolean;
  /** Sends what is pending; never rejects. */
  flush(): Promise<void>;
}

/** What {@link createInboundSink} routes the CLI's messages to. */
export interface InboundRoutes {
  /** Takes the control messages (it returns false for any other). */
  protocol: Pick<ControlProtocol, 'receive'>;
  /** Takes every other message, for the caller. */
  output: { push(message: SDKMessage): void };
  /** Counts the `result`s, and follows the CLI's run: its reported state, the main agent's messages. */
  turns: Pick<TurnLedger, 'resultReceived' | 'stateReported' | 'mainAgentActive'>;
  /** Told the commands of every `system/commands_changed` message (which still goes to the caller). */
  commandsChanged?: (commands: SlashCommand[]) => void;
  /**
   * Told every `keep_alive` message (still never yielded): during start-up, with
   * `CLAUDE_CODE_SDK_READS_STARTUP_MARKS`, they carry the CLI's `startup_mark` checkpoints.
   */
  keepAlive?: (message: InboundMessage) => void;
  /** Called once when the CLI's output ends: with the error it ended with, if that is news. */
  end: (error: unknown) => void;
  /**
   * Takes each `transcript_mirror` message (transcript entries the CLI mirrors for a session
   * store); without it they are dropped. Either way they are never yielded. With it, each `result`
   * and the end wait for the mirror's flush, as in the official SDK.
   */
  mirror?: InboundMirror;
}

type Held = { message: InboundMessage; flushed: boolean } | { end: unknown };

/** A `system`/`session_state_changed` that names a state. */
function isSessionState(message: InboundMessage): message is InboundMessage & { state: string } {
  return message.type === 'system' && message.subtype === 'session_state_changed' && typeof message.state === 'string';
}

/**
 * Where a session's transport delivers the CLI's messages (synchronously when it supports
 * `subscribe`): control messages go to the protocol; the messages the CLI writes for the SDK itself
 * (`keep_alive`, `transcript_mirror`, a host-only `session_state_changed`: see
 * {@link isHostOnlyMessage}) are consumed, `transcript_mirror` going to `routes.mirror`;
 * the others go to the caller, each `result` is counted as the answer to a turn, and the commands
 * of `system/commands_changed` are noted. The CLI's run is followed in `routes.turns`: every
 * `session_state_changed` (host-only or not) and each main-agent `assistant`/`stream_event`.
 *
 * With a mirror, a `result` (and the end of the output) is held until the mirror has flushed what
 * the turn wrote, and the messages after it wait behind it, in order; control requests are not
 * held. When the mirror is idle nothing waits.
 *
 * The CLI exits with a non-zero code after a failed turn (`error_max_turns`, an API error, a
 * refused resume, ...): that exit ends the session with a `ResultError` naming the failed `result`
 * (see {@link ErrorResultTracker}), as the official SDK throws `Claude Code returned an error
 * result: ...` after yielding that result.
 */
export function createInboundSink(routes: InboundRoutes): TransportSink {
  const { protocol, output, turns, commandsChanged, keepAlive, end, mirror } = routes;
  const failures = new ErrorResultTracker();
  let held: Held[] | undefined;

  const deliver = (message: InboundMessage): void => {
    failures.observe(message);
    output.push(message as SDKMessage);
    if (message.type === 'result') turns.resultReceived();
    else if (isSessionState(message)) turns.stateReported(message.state);
    else if ((message.type === 'assistant' || message.type === 'stream_event') && message.parent_tool_use_id === null) {
      turns.mainAgentActive();
    } else if (message.subtype === 'commands_changed' && message.type === 'system' && Array.isArray(message.commands)) {
      commandsChanged?.(message.commands as SlashCommand[]);
    }
  };
  const finish = (error: unknown): void => end(failures.endError(error));
  const hold = (first: Held, flusher: InboundMirror): void => {
    held = [first];
    void flusher.flush().then(release);
  };
  const route = (item: Held): void => {
    if (held !== undefined) {
      held.push(item);
      return;
    }
    if ('end' in item) {
      if (mirror !== undefined && !mirror.idle) hold({ end: item.end }, mirror);
      else finish(item.end);
      return;
    }
    if (item.message.type === 'result' && !item.flushed && mirror !== undefined && !mirror.idle) {
      hold({ message: item.message, flushed: true }, mirror);
      return;
    }
    deliver(item.message);
  };
  const release = (): void => {
    const items = held ?? [];
    held = undefined;
    const [first, ...rest] = items;
    if (first === undefined) return;
    if ('end' in first) finish(first.end);
    else deliver(first.message);
    for (const item of rest) route(item);
  };

  return {
    message: (message) => {
      if (protocol.receive(message)) return;
      if (isHostOnlyMessage(message)) {
        if (message.type === 'transcript_mirror') mirror?.receive(message);
        else if (message.type === 'keep_alive') keepAlive?.(message);
        else if (isSessionState(message)) turns.stateReported(message.state);
        return;
      }
      if (held === undefined && (mirror === undefined || message.type !== 'result')) deliver(message);
      else route({ message, flushed: false });
    },
    end: (error) => {
      if (mirror === undefined) finish(error);
      else route({ end: error });
    },
  };
}
