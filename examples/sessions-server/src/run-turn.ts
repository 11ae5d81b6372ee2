import { type Options, query, type SessionStore } from '@hexagent/sdk';
import { mathServer, mathToolNames } from './math-tools.js';

/** What one turn answered. */
export interface TurnResult {
  sessionId: string;
  text: string;
}

/** A turn that ended without an answer: `status` is the HTTP status the server replies with. */
export class TurnError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TurnError';
  }
}

/**
 * Runs one turn: a new session, or `resume` of one from the store. The instance keeps nothing:
 * the SDK loads the session from the store into a temporary directory, the CLI resumes from it,
 * and the new turn is mirrored back to the store before the result is handed over.
 */
export async function runTurn(
  store: SessionStore,
  options: Options,
  prompt: string,
  resume?: string,
): Promise<TurnResult> {
  const turn = query({
    prompt,
    options: {
      ...options,
      mcpServers: { math: mathServer },
      allowedTools: mathToolNames,
      sessionStore: store,
      ...(resume === undefined ? {} : { resume }),
    },
  });
  // A failed turn is the result we read here; the iteration would then throw a ResultError.
  for await (const message of turn) {
    if (message.type !== 'result') continue;
    if (message.subtype === 'success' && !message.is_error)
      return { sessionId: message.session_id, text: message.result };
    const detail = message.subtype === 'success' ? message.result : message.errors.join('; ');
    // What the CLI says when the store has no such session.
    if (/No conversation found/.test(detail)) throw new TurnError(404, `no session ${resume}`);
    throw new TurnError(502, `the turn ended with ${message.subtype}: ${detail}`);
  }
  throw new TurnError(502, 'the turn ended without a result');
}
