import { type Query, type QueryParams, startQuery } from '@hexagent/compose';
import { type DependencyContainer, resolveFactories } from './container.js';

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
  // Starts eagerly, like the official SDK; a failure surfaces through the message stream.
  return startQuery(params, resolveFactories(container));
}
