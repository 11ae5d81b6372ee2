import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  type AnthropicMessage,
  type AnthropicResponseBlock,
  anthropicStreamEvents,
  formatServerSentEvent,
} from './anthropic-message.js';
import {
  isModelApiError,
  type ModelApiError,
  type ModelReply,
  type ModelScript,
  type ModelTurn,
} from './model-script.js';
import { text } from './model-turn-helpers.js';
import type { MessagesRequestBody, RecordedRequest, RecordedToolResult, RequestKind } from './recorded-request.js';

/** The text of the turn served when a list script has no turns left. */
export const NO_MORE_SCRIPTED_TURNS = '(no more scripted turns)';

/** The text side requests are answered with by default. */
export const SIDE_REQUEST_TEXT = 'OK';

const DEFAULT_USAGE = { input_tokens: 10, output_tokens: 5 };
const DEFAULT_SIGNATURE = 'c2NyaXB0ZWQtdGhpbmtpbmctc2lnbmF0dXJl';
const DEFAULT_MODEL = 'claude-scripted';

/** Options of {@link ScriptedModelServer.start}. */
export interface ScriptedModelServerOptions {
  /**
   * Decides whether a `POST /v1/messages` request is part of the main conversation (answered from
   * the script). Default: `"stream": true` and `max_tokens` other than 1. See {@link RequestKind}.
   */
  isMainRequest?: (request: RecordedRequest) => boolean;
  /** Answers side requests. Default: a text turn `"OK"`. */
  sideTurn?: (request: RecordedRequest) => ModelTurn | Promise<ModelTurn>;
}

/** The default main-conversation rule: the CLI's conversation loop always streams. */
function defaultIsMainRequest(request: RecordedRequest): boolean {
  return request.body.stream === true && request.body.max_tokens !== 1;
}

/**
 * A scripted Anthropic Messages API on `127.0.0.1` for the real Claude Code CLI
 * (`ANTHROPIC_BASE_URL`). It records every request and answers main-conversation requests from a
 * script, streaming Server-Sent Events like the real API when the request asks for `"stream": true`.
 *
 * Which requests consume turns: only main-conversation requests (`kind: 'main'`, see
 * {@link RequestKind}), in arrival order. Side requests (the `max_tokens: 1` model check after
 * `set_model`, any non-streaming request) get a generic `"OK"` text and `count_tokens` gets a rough
 * count; neither touches the script. When a list runs out, main requests get a text turn
 * `"(no more scripted turns)"` and are marked `exhausted`. When the CLI retries a request that got
 * a non-retryable API error (same `messages`), the retry gets the same error and consumes nothing.
 *
 * Endpoints: `POST /v1/messages` (query strings such as `?beta=true` accepted),
 * `POST /v1/messages/count_tokens`; anything else is a 404 with an Anthropic error body.
 *
 * @example
 * ```ts
 * await using server = await ScriptedModelServer.start([
 *   { content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] },
 *   { content: [text('answer=42')] },
 * ]);
 * const { env, cleanup } = await hermeticCliEnv({ baseUrl: server.url });
 * // ... run the CLI with `env` ...
 * expect(server.toolResults()[0]?.content).toEqual([{ type: 'text', text: '42' }]);
 * await cleanup();
 * ```
 */
export class ScriptedModelServer implements AsyncDisposable {
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Errors thrown by a script function or a `sideTurn` callback (each was answered with a 500). */
  readonly scriptErrors: unknown[] = [];

  private readonly server: Server;
  private readonly script: ModelScript;
  private readonly isMainRequest: (request: RecordedRequest) => boolean;
  private readonly sideTurn: ((request: RecordedRequest) => ModelTurn | Promise<ModelTurn>) | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
  private readonly port: number;
  private nextTurn = 0;
  private mainCount = 0;
  private messageCounter = 0;
  private toolUseCounter = 0;
  private lastMainError: { request: RecordedRequest; turn: ModelApiError } | undefined;
  private closing: Promise<void> | undefined;

  private constructor(server: Server, port: number, script: ModelScript, options: ScriptedModelServerOptions) {
    this.server = server;
    this.port = port;
    this.script = script;
    this.isMainRequest = options.isMainRequest ?? defaultIsMainRequest;
    this.sideTurn = options.sideTurn;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.handle(req, res).catch((error: unknown) => {
        this.scriptErrors.push(error);
        if (!res.headersSent && !res.destroyed) {
          sendError(
            res,
            { status: 500, type: 'api_error', message: `scripted model server: ${describe(error)}` },
            false,
          );
        } else {
          res.destroy();
        }
      });
    });
  }

  /**
   * Starts a server on `127.0.0.1` on a random free port.
   *
   * @example
   * ```ts
   * const server = await ScriptedModelServer.start([{ content: [text('hello from script')] }]);
   * try {
   *   // point the CLI at server.url
   * } finally {
   *   await server.close();
   * }
   * ```
   */
  static async start(script: ModelScript, options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
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
    return new ScriptedModelServer(server, address.port, script, options);
  }

  /** Base URL for `ANTHROPIC_BASE_URL`: `http://127.0.0.1:<port>`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The main-conversation requests (`kind: 'main'`), in arrival order, including exhausted ones. */
  get messageRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.kind === 'main');
  }

  /** The last main-conversation request, or `undefined` before the first. */
  lastRequest(): RecordedRequest | undefined {
    const main = this.messageRequests;
    return main[main.length - 1];
  }

  /**
   * Every `tool_result` block the model received, in conversation order. Each main request carries
   * the whole conversation, so a result is listed once, for the first request that carried it.
   */
  toolResults(): RecordedToolResult[] {
    const seen = new Set<string>();
    const results: RecordedToolResult[] = [];
    for (const request of this.messageRequests) {
      for (const message of request.body.messages ?? []) {
        if (message.role !== 'user' || !Array.isArray(message.content)) continue;
        for (const block of message.content) {
          if (block.type !== 'tool_result') continue;
          const id = (block as { tool_use_id?: unknown }).tool_use_id;
          if (typeof id !== 'string' || seen.has(id)) continue;
          seen.add(id);
          results.push({
            tool_use_id: id,
            content: (block as { content?: RecordedToolResult['content'] }).content,
            is_error: (block as { is_error?: unknown }).is_error === true,
            requestIndex: request.index,
          });
        }
      }
    }
    return results;
  }

  /**
   * The text of a request's `system` field (a string, or the `text` of its blocks joined with
   * `\n`); `''` when absent. Defaults to {@link ScriptedModelServer.lastRequest}. Claude Code also
   * puts some context in `role: "system"` messages inside `messages`; those are not included.
   */
  systemPrompt(request: RecordedRequest | undefined = this.lastRequest()): string {
    const system = request?.body.system;
    if (typeof system === 'string') return system;
    if (!Array.isArray(system)) return '';
    return system
      .map((block) => (typeof block.text === 'string' ? block.text : ''))
      .filter((value) => value !== '')
      .join('\n');
  }

  /** Stops the server, drops keep-alive connections and pending delayed answers. Idempotent. */
  close(): Promise<void> {
    if (this.closing === undefined) {
      this.closing = new Promise<void>((resolve) => {
        for (const entry of this.timers) {
          clearTimeout(entry.timer);
          entry.resolve();
        }
        this.timers.clear();
        this.server.close(() => resolve());
        this.server.closeAllConnections();
        for (const socket of this.sockets) socket.destroy();
      });
    }
    return this.closing;
  }

  /** Same as {@link ScriptedModelServer.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.on('error', () => {});
    let rawBody: string;
    try {
      rawBody = await readBody(req);
    } catch {
      // The client went away mid-request; nothing to answer or record.
      res.destroy();
      return;
    }
    const path = req.url ?? '/';
    const pathname = path.split('?')[0] ?? '/';
    const body = parseBody(rawBody);
    const record: RecordedRequest = {
      index: this.requests.length,
      method: req.method ?? 'GET',
      path,
      headers: normalizeHeaders(req),
      body: body ?? {},
      rawBody,
      kind: 'other',
      exhausted: false,
      isRetry: false,
    };
    this.requests.push(record);
    if (this.closing !== undefined) {
      res.destroy();
      return;
    }

    if (record.method === 'POST' && pathname === '/v1/messages/count_tokens') {
      record.kind = 'count_tokens';
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(rawBody.length / 4)) });
      return;
    }
    if (record.method !== 'POST' || pathname !== '/v1/messages') {
      record.kind = 'other';
      sendError(res, { status: 404, type: 'not_found_error', message: `Not found: ${record.method} ${path}` }, false);
      return;
    }
    if (body === undefined) {
      record.kind = 'side';
      sendError(
        res,
        { status: 400, type: 'invalid_request_error', message: 'Request body is not a JSON object' },
        false,
      );
      return;
    }
    record.kind = this.isMainRequest(record) ? 'main' : 'side';
    const turn = record.kind === 'main' ? await this.mainTurn(record) : await this.sideAnswer(record);
    await this.serve(record, turn, res);
  }

  private async mainTurn(record: RecordedRequest): Promise<ModelTurn> {
    const index = this.mainCount++;
    const previousError = this.lastMainError;
    record.isRetry =
      previousError !== undefined &&
      JSON.stringify(previousError.request.body.messages) === JSON.stringify(record.body.messages);
    if (typeof this.script === 'function') {
      record.turnIndex = index;
      return this.script(record, index);
    }
    if (record.isRetry && previousError !== undefined && previousError.turn.retryable !== true) {
      if (previousError.request.turnIndex !== undefined) record.turnIndex = previousError.request.turnIndex;
      return previousError.turn;
    }
    const turn = this.script[this.nextTurn];
    if (turn === undefined) {
      record.exhausted = true;
      return { content: [text(NO_MORE_SCRIPTED_TURNS)] };
    }
    record.turnIndex = this.nextTurn++;
    return turn;
  }

  private async sideAnswer(record: RecordedRequest): Promise<ModelTurn> {
    if (this.sideTurn !== undefined) return this.sideTurn(record);
    return { content: [text(SIDE_REQUEST_TEXT)] };
  }

  private async serve(record: RecordedRequest, turn: ModelTurn, res: ServerResponse): Promise<void> {
    if (record.kind === 'main') {
      this.lastMainError = isModelApiError(turn) ? { request: record, turn } : undefined;
    }
    if (turn.delayMs !== undefined && turn.delayMs > 0) await this.sleep(turn.delayMs);
    if (this.closing !== undefined || res.destroyed) {
      res.destroy();
      return;
    }
    if (isModelApiError(turn)) {
      sendError(res, turn.error, turn.retryable === true);
      return;
    }
    const message = this.buildMessage(turn, record.body);
    if (record.body.stream === true) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'request-id': requestId(),
      });
      for (const event of anthropicStreamEvents(message)) res.write(formatServerSentEvent(event));
      res.end();
      return;
    }
    sendJson(res, 200, message);
  }

  private buildMessage(turn: ModelReply, body: MessagesRequestBody): AnthropicMessage {
    const content = turn.content.map((block): AnthropicResponseBlock => {
      if (block.type === 'text') return { type: 'text', text: block.text };
      if (block.type === 'thinking') {
        return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? DEFAULT_SIGNATURE };
      }
      return {
        type: 'tool_use',
        id: block.id ?? `toolu_${++this.toolUseCounter}`,
        name: block.name,
        input: block.input,
      };
    });
    const usage = turn.usage ?? DEFAULT_USAGE;
    return {
      id: `msg_${++this.messageCounter}`,
      type: 'message',
      role: 'assistant',
      model: typeof body.model === 'string' ? body.model : DEFAULT_MODEL,
      content,
      stop_reason: turn.stopReason ?? (content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(rawBody: string): MessagesRequestBody | undefined {
  if (rawBody.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as MessagesRequestBody)
      : undefined;
  } catch {
    return undefined;
  }
}

function normalizeHeaders(req: IncomingMessage): Record<string, string> {
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

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'request-id': requestId(),
    ...headers,
  });
  res.end(payload);
}

function sendError(res: ServerResponse, error: ModelApiError['error'], retryable: boolean): void {
  sendJson(
    res,
    error.status,
    { type: 'error', error: { type: error.type, message: error.message } },
    { 'x-should-retry': retryable ? 'true' : 'false' },
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
