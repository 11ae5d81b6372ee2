import { readClientLine } from './screen/read-client-line.js';
import { screenClientMessage } from './screen/screen-client-message.js';
import type { ScreenPolicy } from './screen/screen-policy.js';

/** What the relay does with one text frame of the client's. */
export interface CheckedFrame {
  /** The lines to write to the CLI's stdin (each re-encoded, newline-terminated); empty when none passes. */
  forward: string;
  /** Answers to send the client: refused control requests of its own (`control_response` errors). */
  answers: string[];
  /** The request ids of the `set_cwd` requests passed on, whose answers the relay checks. */
  cwdRequests: string[];
  /** Set when a line is refused with nothing to answer: the relay ends the connection and forwards nothing of the frame. */
  end?: string;
  /** The lines after a `set_cwd`, not checked yet: they wait until the relay has seen where the CLI went. */
  rest?: string;
}

/**
 * Checks a text frame from the client before it reaches the CLI's stdin, line by line as the CLI
 * reads it (a frame holding a newline is several lines to the CLI; the relay ends each frame with
 * one): each line read as the CLI reads it (`readClientLine`), judged (`screenClientMessage`), and
 * passed on re-encoded (`JSON.stringify` of what was judged), so the CLI acts on exactly what the
 * relay screened. A line the relay cannot read is refused, never forwarded. Checking stops after a
 * `set_cwd`: the lines after it are returned unchecked (`rest`).
 */
export function checkClientFrame(data: Buffer, policy: ScreenPolicy): CheckedFrame {
  const checked: CheckedFrame = { forward: '', answers: [], cwdRequests: [] };
  // A text frame is valid UTF-8 (ws checks it), so splitting the text splits the bytes.
  const lines = data.toString('utf8').split('\n');
  for (const [index, line] of lines.entries()) {
    const read = readClientLine(line);
    if (read.kind === 'blank') continue;
    if (read.kind === 'unreadable') return refused(`a line the relay cannot read: ${read.why}`);
    const encoded = JSON.stringify(read.message);
    const verdict = screenClientMessage(read.message, policy, encoded);
    if (verdict.kind === 'end') return refused(verdict.why);
    if (verdict.kind === 'answer') {
      checked.answers.push(JSON.stringify(verdict.answer));
      continue;
    }
    // Encoded again only when the screen rewrote it (set_cwd's resolved path).
    checked.forward += `${verdict.message === read.message ? encoded : JSON.stringify(verdict.message)}\n`;
    if (verdict.movesCwd !== undefined) {
      checked.cwdRequests.push(verdict.movesCwd);
      if (index < lines.length - 1) checked.rest = lines.slice(index + 1).join('\n');
      break;
    }
  }
  return checked;
}

function refused(why: string): CheckedFrame {
  return { forward: '', answers: [], cwdRequests: [], end: why };
}
