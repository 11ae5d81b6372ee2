import type {
  Options,
  SDKControlInitializeResponse,
  SDKMessage,
  SDKUserMessage,
  SDKUserMessageInput,
  Session,
} from '@hexagent/core';
import { asyncDispose } from './async-dispose.js';
import type { DependencyContainer } from './container.js';
import { createSession } from './create-session.js';
import { LiveControls } from './live-controls.js';
import type { Query } from './types/query.js';

/** The arguments of {@link query}. */
export interface QueryParams {
  /** One prompt, or a stream of user messages for a multi-turn session in one CLI process. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /** Options; see {@link Options}. */
  options?: Options;
}

class QueryImpl extends LiveControls implements Query {
  private readonly session: Session;
  private readonly iterator: AsyncIterableIterator<SDKMessage>;

  constructor(session: Session, prompt: QueryParams['prompt']) {
    super();
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

  protected controls(): Session {
    return this.session;
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

  initializationResult(): Promise<SDKControlInitializeResponse> {
    return this.session.initializationResult();
  }

  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    return this.session.streamInput(stream);
  }

  /** Resolves once the CLI has stopped (the `Query` type, like the official one, says `void`). */
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
