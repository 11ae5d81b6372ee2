import { addLiveControls, asyncDispose, createSession } from '@hexagent/compose';
import type {
  Options,
  QueryControls,
  SDKControlInitializeResponse,
  SDKMessage,
  SDKUserMessageInput,
  Session,
} from '@hexagent/core';
import { InvalidOptionError } from '@hexagent/core';
import { type DependencyContainer, resolveFactories } from './container.js';

export interface ClaudeClient extends QueryControls {}

/**
 * A long-lived conversation with one Claude Code process, in the spirit of the Python SDK's
 * `ClaudeSDKClient`: connect once, then send turns with `query()` and read each turn's messages
 * with `receiveResponse()`. Tools, hooks and permission callbacks work across every turn. The live
 * controls are those of a query (`interrupt`, `setModel`, `rewindFiles`, `setMcpServers`, ...);
 * the Python SDK's names are kept where it has its own (`serverInfo()` for the initialize answer).
 * Before `connect()`, a control throws `InvalidOptionError`. Like the Python SDK's client, every
 * method (the live controls too) is on this class's own prototype; none is enumerable.
 *
 * @example
 * ```ts
 * await using client = new ClaudeClient({ mcpServers: { calc } });
 * await client.connect();
 * await client.query('What is 2 + 2?');
 * for await (const message of client.receiveResponse()) console.log(message.type);
 * await client.query('And times 10?');
 * for await (const message of client.receiveResponse()) console.log(message.type);
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are defined by addLiveControls in the static block
export class ClaudeClient {
  private readonly options: Options;
  private readonly container: DependencyContainer | undefined;
  private session: Session | undefined;
  private iterator: AsyncIterableIterator<SDKMessage> | undefined;

  /**
   * @param options the same options as `query()`.
   * @param container a dependency container to swap adapters.
   */
  constructor(options: Options = {}, container?: DependencyContainer) {
    this.options = options;
    this.container = container;
  }

  /** True between `connect()` and `close()` while the CLI runs. */
  get isConnected(): boolean {
    return this.session !== undefined && !this.session.isClosed;
  }

  /**
   * Start the CLI and wait for its answer to `initialize`. An optional first prompt is sent at
   * once. Rejects with a typed error when the CLI cannot start.
   */
  async connect(prompt?: string | AsyncIterable<SDKUserMessageInput>): Promise<void> {
    if (this.session !== undefined) throw new InvalidOptionError({ option: 'connect', message: 'already connected' });
    const session = createSession(this.options, resolveFactories(this.container));
    this.session = session;
    this.iterator = session.messages();
    try {
      await session.start();
      await session.initializationResult();
    } catch (error) {
      // A failed connect leaves nothing running: the CLI is stopped before the error reaches the caller.
      await session.close(error);
      throw error;
    }
    if (prompt !== undefined) await this.query(prompt);
  }

  /** Send a user turn (or a stream of them). Read the answer with `receiveResponse()`. */
  async query(prompt: string | AsyncIterable<SDKUserMessageInput>): Promise<void> {
    const session = this.requireSession();
    if (typeof prompt === 'string') {
      await session.sendUserMessage(prompt);
    } else {
      await session.streamInput(prompt, false);
    }
  }

  /** Every message from the CLI, across turns, until the client closes. */
  async *receiveMessages(): AsyncGenerator<SDKMessage, void, undefined> {
    const iterator = this.requireIterator();
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }

  /** The messages of the current turn, up to and including its `result`. */
  async *receiveResponse(): AsyncGenerator<SDKMessage, void, undefined> {
    const iterator = this.requireIterator();
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
      if (next.value.type === 'result') return;
    }
  }

  /** The CLI's answer to `initialize`: commands, agents, models, account, output styles, version. */
  serverInfo(): Promise<SDKControlInitializeResponse> {
    return this.requireSession().initializationResult();
  }

  /** Stop the CLI and release everything. Idempotent. */
  async close(): Promise<void> {
    await this.session?.close();
  }

  /** Same as `close()`, for `await using`. */
  [asyncDispose](): Promise<void> {
    return this.close();
  }

  static {
    addLiveControls(ClaudeClient, (client) => client.requireSession());
  }

  private requireSession(): Session {
    if (this.session === undefined) {
      throw new InvalidOptionError({ option: 'connect', message: 'call connect() before using the client' });
    }
    return this.session;
  }

  private requireIterator(): AsyncIterableIterator<SDKMessage> {
    this.requireSession();
    return this.iterator as AsyncIterableIterator<SDKMessage>;
  }
}
