import {
  AbortError,
  type Options,
  query,
  type SessionStore,
  SessionStoreLoadError,
  type TransportFactory,
} from '@hexagent/sdk';
import { type LogLine, orderToolNames, orderTools } from './order-tools.js';

/** What {@link createHandler} takes: everything that lives longer than one invocation. */
export interface HandlerConfig {
  /** How to reach the CLI: `webSocketTransport({ url, token })` to a hexagent-relay. */
  transport: TransportFactory;
  /** Where sessions live between invocations (each invocation may be a fresh process). */
  store: SessionStore;
  /**
   * The agent's working directory on the relay's host (inside its `cwdRoots`). Sessions are keyed
   * by it in the store, so every invocation must give the same one.
   */
  cwd: string;
  /** Ends a turn that runs longer than this (answer 504), before the platform's own limit; default 50 000 ms. */
  turnTimeoutMs?: number;
  /** More options for every turn (model, maxTurns...). */
  options?: Options;
  /** Structured log lines (the tool's calls, failures); default: one JSON line each on stdout. */
  log?: (line: LogLine) => void;
}

/** A function platform's handler: a Web `Request` in, a `Response` out. */
export type Handler = (request: Request) => Promise<Response>;

const MAX_BODY_BYTES = 32 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request the handler answers without running a turn. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The handler: `POST {"prompt": "...", "sessionId"?: "..."}` runs one turn of a new session, or of
 * the stored session `sessionId` (resumed from the store, whichever process or relay connection
 * ran it before), and answers `{"sessionId", "text"}`. The CLI runs behind the relay; the tool runs
 * here. Errors: 400/405/413 for a bad request, 404 for a session the store does not have, 503 when
 * the store does not answer, 504 when the turn outlives `turnTimeoutMs` (the relay then stops the
 * CLI), 502 when the relay or the turn fails.
 *
 * @example
 * ```ts
 * const handler = createHandler({ transport: webSocketTransport({ url, token }), store, cwd: '/srv/work' });
 * const response = await handler(new Request('https://fn/', { method: 'POST', body: '{"prompt":"hi"}' }));
 * ```
 */
export function createHandler(config: HandlerConfig): Handler {
  const log = config.log ?? ((line: LogLine) => console.log(JSON.stringify(line)));
  const orders = orderTools(log);
  const timeoutMs = config.turnTimeoutMs ?? 50_000;
  return async (request) => {
    try {
      const { prompt, sessionId } = await readTurnRequest(request);
      const abortController = new AbortController();
      const timer = setTimeout(() => abortController.abort(), timeoutMs);
      try {
        const turn = query({
          prompt,
          options: {
            ...config.options,
            transport: config.transport,
            sessionStore: config.store,
            cwd: config.cwd,
            mcpServers: { orders },
            allowedTools: orderToolNames,
            abortController,
            ...(sessionId === undefined ? {} : { resume: sessionId }),
          },
        });
        for await (const message of turn) {
          if (message.type !== 'result') continue;
          if (message.subtype === 'success') return json(200, { sessionId: message.session_id, text: message.result });
          const detail = message.errors.join('; ');
          if (/No conversation found/.test(detail)) return json(404, { error: `no session ${sessionId}` });
          return json(502, { error: `the turn ended with ${message.subtype}: ${detail}` });
        }
        return json(502, { error: 'the turn ended without a result' });
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      if (error instanceof Refusal) return json(error.status, { error: error.message });
      if (AbortError.isInstance(error)) return json(504, { error: `the turn took longer than ${timeoutMs} ms` });
      // The store did not answer: the session is not lost, the caller may try again.
      if (SessionStoreLoadError.isInstance(error)) return json(503, { error: error.message });
      log({ error: error instanceof Error ? error.message : String(error), code: (error as { code?: unknown }).code });
      return json(502, { error: error instanceof Error ? error.message : String(error) });
    }
  };
}

async function readTurnRequest(request: Request): Promise<{ prompt: string; sessionId?: string }> {
  if (request.method !== 'POST') throw new Refusal(405, 'POST {"prompt": "...", "sessionId"?: "..."}');
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) throw new Refusal(413, 'body too large');
  let parsed: { prompt?: unknown; sessionId?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder().decode(body)) as typeof parsed;
  } catch {
    throw new Refusal(400, 'the body must be JSON: {"prompt": "...", "sessionId"?: "..."}');
  }
  const { prompt, sessionId } = parsed ?? {};
  if (typeof prompt !== 'string' || prompt.trim() === '') throw new Refusal(400, 'prompt must be a non-empty string');
  if (sessionId === undefined) return { prompt };
  if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw new Refusal(400, 'sessionId must be a session id');
  return { prompt, sessionId };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
