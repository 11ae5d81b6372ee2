import { readlinkSync } from 'node:fs';
import { parseRelayFrame, type RelayRefusalReason } from '@hexagent/transport-kit';
import { checkClientFrame } from './check-client-frame.js';
import { cwdInsideRoots } from './cwd-inside-roots.js';
import { isRecord } from './screen/read-client-line.js';
import type { ScreenPolicy } from './screen/screen-policy.js';

/** What {@link ClientInput} acts on: the CLI's stdin, the client's socket, the session. */
export interface ClientInputSink {
  /** Writes to the CLI's stdin; false when it is full. */
  write(text: string): boolean;
  /** Calls `drained` once the CLI's stdin has room again. */
  onceDrained(drained: () => void): void;
  /** Ends the CLI's input (the client's `relay_end_input`). */
  endInput(): void;
  /** Sends the client a text frame (the relay's answer to a refused request). */
  answer(text: string): void;
  /** Ends the connection: a message refused with nothing to answer, or a CLI that moved outside the roots. */
  end(reason: RelayRefusalReason, message: string): void;
  /** Stops and restarts reading the client's socket. */
  pause(): void;
  resume(): void;
  /** The CLI's pid, to read its working directory from /proc. */
  cliPid(): number | undefined;
}

/**
 * The client's frames on their way to the CLI's stdin: each checked (`checkClientFrame`), passed
 * on re-encoded, answered, or ending the connection; reading paused while the CLI's stdin is full.
 * A `set_cwd` passed on is checked twice: its path before (inside `cwdRoots`, resolved), and where
 * the CLI really went once it answers (its working directory in /proc, else its answer's `cwd`),
 * which catches a directory swapped for a symlink in between. Until that answer, the client's next
 * frames wait, so nothing runs in a directory the relay has not seen.
 */
export class ClientInput {
  private held: Array<{ data: Buffer; isBinary: boolean }> | undefined;
  private readonly cwdAnswers = new Set<string>();
  private readonly pausedFor = new Set<'stdin' | 'cwd'>();

  constructor(
    private readonly policy: ScreenPolicy,
    private readonly sink: ClientInputSink,
  ) {}

  /** A frame from the client, once the CLI runs. */
  push(data: Buffer, isBinary: boolean): void {
    if (this.held !== undefined) {
      this.held.push({ data, isBinary });
      return;
    }
    if (isBinary) {
      if (parseRelayFrame(data)?.type === 'relay_end_input') this.sink.endInput();
      return;
    }
    const checked = checkClientFrame(data, this.policy);
    if (checked.end !== undefined) {
      this.sink.end('message_not_allowed', checked.end);
      return;
    }
    for (const answer of checked.answers) this.sink.answer(answer);
    if (checked.forward !== '' && !this.sink.write(checked.forward)) {
      this.pause('stdin');
      this.sink.onceDrained(() => this.resume('stdin'));
    }
    if (checked.cwdRequests.length === 0) return;
    for (const id of checked.cwdRequests) this.cwdAnswers.add(id);
    this.held = checked.rest === undefined ? [] : [{ data: Buffer.from(checked.rest), isBinary: false }];
    this.pause('cwd');
  }

  /**
   * A line of the CLI's output, before it goes to the client: false when the relay withholds it
   * (the answer to a `set_cwd` that took the CLI outside the roots: the connection ends).
   */
  onCliLine(line: string): boolean {
    if (this.cwdAnswers.size === 0 || !line.includes('control_response')) return true;
    let response: unknown;
    try {
      response = (JSON.parse(line) as { response?: unknown }).response;
    } catch {
      return true;
    }
    const id = isRecord(response) ? response.request_id : undefined;
    if (typeof id !== 'string' || !this.cwdAnswers.delete(id)) return true;
    const body = isRecord(response) ? response.response : undefined;
    if (isRecord(response) && response.subtype === 'success' && isRecord(body) && body.status === 'ok') {
      const where = this.cliCwd() ?? (typeof body.cwd === 'string' ? body.cwd : '');
      if (cwdInsideRoots(where, this.policy.cwdRoots) === undefined) {
        this.sink.end('cwd_not_allowed', `set_cwd took the CLI to ${JSON.stringify(where)}, outside the allowed roots`);
        return false;
      }
    }
    if (this.cwdAnswers.size === 0) queueMicrotask(() => this.release());
    return true;
  }

  private release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.resume('cwd');
    for (const [index, frame] of held.entries()) {
      this.push(frame.data, frame.isBinary);
      // Another set_cwd: what is left waits again, in order.
      const again = this.holding();
      if (again !== undefined) {
        again.push(...held.slice(index + 1));
        return;
      }
    }
  }

  /** The frames waiting for a `set_cwd` answer, while there is one. */
  private holding(): Array<{ data: Buffer; isBinary: boolean }> | undefined {
    return this.held;
  }

  private cliCwd(): string | undefined {
    const pid = this.sink.cliPid();
    if (pid === undefined || process.platform !== 'linux') return undefined;
    try {
      return readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      return undefined;
    }
  }

  private pause(reason: 'stdin' | 'cwd'): void {
    if (this.pausedFor.size === 0) this.sink.pause();
    this.pausedFor.add(reason);
  }

  private resume(reason: 'stdin' | 'cwd'): void {
    if (!this.pausedFor.delete(reason) || this.pausedFor.size > 0) return;
    this.sink.resume();
  }
}
