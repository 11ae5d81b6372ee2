import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isModelApiError, type ModelScript, type ModelTurn } from './model-script.js';
import { listenOnLoopback, readBody, sendError, sendJson, sendMessage } from './model-server-http.js';
import type { RecordedRequest, RecordedToolResult } from './recorded-request.js';
import { parseBody, recordRequest, systemPromptOf, toolResultsOf } from './request-recording.js';
import { ScriptPlayer } from './script-player.js';

/** The default main-conversation rule: the CLI's conversation loop always streams. */
function defaultIsMainRequest(request: RecordedRequest): boolean {
  return request.body.stream === true && request.body.max_tokens !== 1;
}

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
  private readonly player: ScriptPlayer;
  private readonly isMainRequest: (request: RecordedRequest) => boolean;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
  private readonly port: number;
  private closing: Promise<void> | undefined;

  private constructor(server: Server, port: number, script: ModelScript, options: ScriptedModelServerOptions) {
    this.server = server;
    this.port = port;
    this.player = new ScriptPlayer(script, options.sideTurn);
    this.isMainRequest = options.isMainRequest ?? defaultIsMainRequest;
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
    const { server, port } = await listenOnLoopback();
    return new ScriptedModelServer(server, port, script, options);
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
    return toolResultsOf(this.messageRequests);
  }

  /**
   * The text of a request's `system` field (a string, or the `text` of its blocks joined with
   * `\n`); `''` when absent. Defaults to {@link ScriptedModelServer.lastRequest}. Claude Code also
   * puts some context in `role: "system"` messages inside `messages`; those are not included.
   */
  systemPrompt(request: RecordedRequest | undefined = this.lastRequest()): string {
    return systemPromptOf(request);
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
    const body = parseBody(rawBody);
    const record = recordRequest(req, rawBody, body, this.requests.length);
    this.requests.push(record);
    if (this.closing !== undefined) {
      res.destroy();
      return;
    }
    const pathname = record.path.split('?')[0] ?? '/';
    if (record.method === 'POST' && pathname === '/v1/messages/count_tokens') {
      record.kind = 'count_tokens';
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(rawBody.length / 4)) });
      return;
    }
    if (record.method !== 'POST' || pathname !== '/v1/messages') {
      record.kind = 'other';
      sendError(
        res,
        { status: 404, type: 'not_found_error', message: `Not found: ${record.method} ${record.path}` },
        false,
      );
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
    const turn = record.kind === 'main' ? await this.player.mainTurn(record) : await this.player.sideAnswer(record);
    await this.serve(record, turn, res);
  }

  private async serve(record: RecordedRequest, turn: ModelTurn, res: ServerResponse): Promise<void> {
    if (turn.delayMs !== undefined && turn.delayMs > 0) await this.sleep(turn.delayMs);
    if (this.closing !== undefined || res.destroyed) {
      res.destroy();
      return;
    }
    if (isModelApiError(turn)) {
      sendError(res, turn.error, turn.retryable === true);
      return;
    }
    sendMessage(res, this.player.buildMessage(turn, record.body), record.body.stream === true);
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
