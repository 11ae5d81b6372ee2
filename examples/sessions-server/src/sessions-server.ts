import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  getSessionMessages,
  listSessions,
  type Options,
  type SessionStore,
  SessionStoreLoadError,
} from '@hexagent/sdk';
import { runTurn, TurnError } from './run-turn.js';

/** What {@link createSessionsServer} takes. */
export interface SessionsServerConfig {
  /** Where every session lives; the server itself keeps nothing between requests. */
  store: SessionStore;
  /**
   * The agents' working directory. Sessions are keyed by project (this directory), so every
   * instance uses the same path.
   */
  cwd: string;
  /** Options of every turn (model, env...). */
  options?: Options;
}

const MAX_BODY_BYTES = 64 * 1024;

/**
 * A stateless agent API over HTTP:
 * - `POST /sessions {prompt}` starts a session: `{sessionId, text}`.
 * - `POST /sessions/:id/messages {prompt}` continues one, on any instance: `{sessionId, text}`.
 * - `GET /sessions` lists the sessions in the store: `[{sessionId, summary, lastModified}]`.
 * - `GET /sessions/:id/messages` reads one from the store: `[{type, uuid, text}]`.
 */
export function createSessionsServer(config: SessionsServerConfig): Server {
  const options: Options = { ...config.options, cwd: config.cwd };
  const route = async (request: IncomingMessage): Promise<[number, unknown]> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'sessions' || parts.length > 3 || (parts.length === 3 && parts[2] !== 'messages')) {
      return [404, { error: 'not found' }];
    }
    const id = parts[1];
    if (request.method === 'POST' && parts.length !== 2) {
      const prompt = await readPrompt(request);
      return [200, await runTurn(config.store, options, prompt, id)];
    }
    if (request.method === 'GET' && parts.length === 1) {
      const sessions = await listSessions({ dir: config.cwd, sessionStore: config.store });
      return [200, sessions.map((s) => ({ sessionId: s.sessionId, summary: s.summary, lastModified: s.lastModified }))];
    }
    if (request.method === 'GET' && id !== undefined && parts.length === 3) {
      const messages = await getSessionMessages(id, { dir: config.cwd, sessionStore: config.store });
      if (messages.length === 0) return [404, { error: `no session ${id}` }];
      return [200, messages.map((m) => ({ type: m.type, uuid: m.uuid, text: textOf(m.message) }))];
    }
    return [405, { error: 'method not allowed' }];
  };
  return createServer((request, response) => {
    route(request).then(
      ([status, body]) => reply(response, status, body),
      (error: unknown) => reply(response, statusOf(error), { error: String((error as Error)?.message ?? error) }),
    );
  });
}

async function readPrompt(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new TurnError(413, 'body too large');
    chunks.push(chunk);
  }
  let prompt: unknown;
  try {
    prompt = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { prompt?: unknown }).prompt;
  } catch {
    throw new TurnError(400, 'the body must be JSON: {"prompt": "..."}');
  }
  if (typeof prompt !== 'string' || prompt.trim() === '') throw new TurnError(400, 'prompt must be a non-empty string');
  return prompt;
}

function statusOf(error: unknown): number {
  if (error instanceof TurnError) return error.status;
  // The store did not answer in time (or refused): the session is not lost, try again later.
  if (SessionStoreLoadError.isInstance(error)) return 503;
  return 500;
}

/** The text of a transcript message: its string content, or its text blocks joined. */
function textOf(message: unknown): string {
  const content = (message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { type?: string; text?: string }) => (block.type === 'text' ? (block.text ?? '') : ''))
    .join('');
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}
