import { sha256Hex } from './sha256.js';

/**
 * The id of the approval of one tool call: `apr_` and the first 32 hex digits of SHA-256 over the
 * session id and the tool use id (and the `subject`, when the approval decides something else than
 * running the call). The same call always gets the same id, so a hook that runs again (a retried
 * attempt, a resume) finds the record instead of making a second one. URL-safe.
 */
export function approvalIdOf(sessionId: string, toolUseId: string, subject?: string): string {
  const key =
    subject === undefined ? `${sessionId}\u0000${toolUseId}` : `${sessionId}\u0000${toolUseId}\u0000${subject}`;
  return `apr_${sha256Hex(key).slice(0, 32)}`;
}
