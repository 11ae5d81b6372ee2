import type {
  InitializeResponse,
  McpServerStatus,
  ModelInfo,
  Options,
  PermissionMode,
  SDKMessage,
  SDKUserMessageInput,
  Session,
  SlashCommand,
} from '@hexagent/core';
import { asyncDispose } from './async-dispose.js';
import type { DependencyContainer } from './container.js';
import { createSession } from './create-session.js';

/** The arguments of {@link query}. */
export interface QueryParams {
  /** One prompt, or a stream of user messages for a multi-turn session in one CLI process. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /** Options; see {@link Options}. */
  options?: Options;
}

/**
 * A running query: an async generator of the CLI's messages, plus live controls. Breaking out of
 * `for await`, `close()`, the options' `abortController` and `await using` all end the CLI.
 */
export interface Query extends AsyncGenerator<SDKMessage, void, undefined> {
  /** Interrupt the current turn; the turn ends with a `result` and the session can go on. */
  interrupt(): Promise<void>;
  /** Change the permission mode. */
  setPermissionMode(mode: PermissionMode): Promise<void>;
  /** Change the model; `undefined` goes back to the default. */
  setModel(model?: string): Promise<void>;
  /** Change the thinking budget; `null` clears it. */
  setMaxThinkingTokens(maxThinkingTokens: number | null): Promise<void>;
  /** The status of every MCP server. */
  mcpServerStatus(): Promise<McpServerStatus[]>;
  /** The slash commands the CLI offers. */
  supportedCommands(): Promise<SlashCommand[]>;
  /** The models the CLI offers. */
  supportedModels(): Promise<ModelInfo[]>;
  /** The CLI's full answer to `initialize`. */
  initializationResult(): Promise<InitializeResponse>;
  /** Send more user messages into a streaming query. */
  streamInput(stream: AsyncIterable<SDKUserMessageInput>): Promise<void>;
  /** End the query now and stop the CLI. Resolves once the process is gone. */
  close(): Promise<void>;
  /** Same as `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

class QueryImpl implements Query {
  private readonly session: Session;
  private readonly iterator: AsyncIterableIterator<SDKMessage>;

  constructor(session: Session, prompt: QueryParams['prompt']) {
    this.session = session;
    this.iterator = session.messages();
    if (typeof prompt === 'string') {
      session
        .sendUserMessage(prompt)
        .then(() => session.endInput())
        .catch((error: unknown) => session.close(error));
    } else {
      void session.streamInput(prompt);
    }
  }

  next(): Promise<IteratorResult<SDKMessage, void>> {
    return this.iterator.next();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    await this.session.close();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    await this.session.close(error);
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  [asyncDispose](): Promise<void> {
    return this.session.close();
  }

  interrupt(): Promise<void> {
    return this.session.interrupt();
  }

  setPermissionMode(mode: PermissionMode): Promise<void> {
    return this.session.setPermissionMode(mode);
  }

  setModel(model?: string): Promise<void> {
    return this.session.setModel(model);
  }

  setMaxThinkingTokens(maxThinkingTokens: number | null): Promise<void> {
    return this.session.setMaxThinkingTokens(maxThinkingTokens);
  }

  mcpServerStatus(): Promise<McpServerStatus[]> {
    return this.session.mcpServerStatus();
  }

  supportedCommands(): Promise<SlashCommand[]> {
    return this.session.supportedCommands();
  }

  supportedModels(): Promise<ModelInfo[]> {
    return this.session.supportedModels();
  }

  initializationResult(): Promise<InitializeResponse> {
    return this.session.initializationResult();
  }

  streamInput(stream: AsyncIterable<SDKUserMessageInput>): Promise<void> {
    return this.session.streamInput(stream, false);
  }

  close(): Promise<void> {
    return this.session.close();
  }
}

/**
 * Run Claude Code on a prompt and stream its messages. In-process MCP tools from
 * `createSdkMcpServer` in `options.mcpServers` run in this process.
 *
 * @param params the prompt and options.
 * @param container a dependency container to swap adapters (tests use the fake CLI transport).
 * @throws InvalidOptionError synchronously, before spawning, for options that cannot work.
 *
 * @example
 * ```ts
 * import { createSdkMcpServer, query, tool } from '@hexagent/sdk';
 * import { z } from 'zod';
 *
 * const calc = createSdkMcpServer({
 *   name: 'calc',
 *   tools: [
 *     tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
 *       content: [{ type: 'text', text: String(a + b) }],
 *     })),
 *   ],
 * });
 *
 * for await (const message of query({
 *   prompt: 'What is 15 + 27?',
 *   options: { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
 * })) {
 *   if (message.type === 'result') console.log(message.result);
 * }
 * ```
 */
export function query(params: QueryParams, container?: DependencyContainer): Query {
  const session = createSession(params.options ?? {}, container);
  const run = new QueryImpl(session, params.prompt);
  // Start eagerly, like the official SDK; a failure surfaces through the message stream.
  session.start().catch(() => {});
  return run;
}
