/**
 * The HTTP side of the scripted model server: listening on loopback, reading bodies, and answering
 * as the Messages API does (JSON, Server-Sent Events, Anthropic error bodies, a `request-id`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AnthropicMessage, anthropicStreamEvents, formatServerSentEvent } from './anthropic-message.js';
import type { ModelApiError } from './model-script.js';

/** A server listening on `127.0.0.1` on a free port, and that port. */
export async function listenOnLoopback(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    server.close();
    throw new Error('scripted model server: no TCP address');
  }
  return { server, port: address.port };
}

/** The whole request body as UTF-8; rejects when the client goes away mid-request. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The request's headers, names in lower case, repeated headers joined with `, `. */
export function normalizeHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function requestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

/** Answers with `body` as JSON. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'request-id': requestId(),
    ...headers,
  });
  res.end(payload);
}

/** Answers with an Anthropic error body; `x-should-retry` tells the client whether to retry. */
export function sendError(res: ServerResponse, error: ModelApiError['error'], retryable: boolean): void {
  sendJson(
    res,
    error.status,
    { type: 'error', error: { type: error.type, message: error.message } },
    { 'x-should-retry': retryable ? 'true' : 'false' },
  );
}

/** Answers with `message`: as the streaming API's events when `stream`, otherwise as one JSON body. */
export function sendMessage(res: ServerResponse, message: AnthropicMessage, stream: boolean): void {
  if (!stream) {
    sendJson(res, 200, message);
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': requestId(),
  });
  for (const event of anthropicStreamEvents(message)) res.write(formatServerSentEvent(event));
  res.end();
}
