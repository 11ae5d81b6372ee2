import type { InboundMessage } from '../types/control.js';

/**
 * True for the messages the CLI writes for the SDK itself, which the official SDK consumes without
 * yielding them: `keep_alive` (liveness during long silences), `transcript_mirror` (transcript
 * entries for a session store, with `--session-mirror`) and a `system`/`session_state_changed`
 * that carries `sdk_host_only: true` (the run-state signal the SDK reads). Every other message,
 * one of a type added later included, goes to the caller.
 *
 * @example
 * ```ts
 * isHostOnlyMessage({ type: 'keep_alive' }); // true
 * isHostOnlyMessage({ type: 'system', subtype: 'session_state_changed', state: 'idle' }); // false
 * ```
 */
export function isHostOnlyMessage(message: InboundMessage): boolean {
  switch (message.type) {
    case 'keep_alive':
    case 'transcript_mirror':
      return true;
    case 'system':
      return message.subtype === 'session_state_changed' && message.sdk_host_only === true;
    default:
      return false;
  }
}
