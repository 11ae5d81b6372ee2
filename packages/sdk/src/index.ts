/**
 * hexagent: a TypeScript SDK for building agents on Claude Code. Runs the Claude Code CLI as a
 * subprocess, speaks its control protocol, and serves in-process MCP tools whose handlers run in
 * your own Node.js process.
 *
 * @example
 * ```ts
 * import { createSdkMcpServer, query, tool } from '@hexagent/sdk';
 * import { z } from 'zod';
 *
 * const calc = createSdkMcpServer({
 *   name: 'calc',
 *   tools: [tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
 *     content: [{ type: 'text', text: String(a + b) }],
 *   }))],
 * });
 * for await (const m of query({ prompt: '15 + 27?', options: { mcpServers: { calc } } })) console.log(m);
 * ```
 *
 * @packageDocumentation
 */

export * from '@hexagent/core';
export * from '@hexagent/mcp-inprocess';
export { CliNotFoundError, CliTransport, createCliTransport, ProcessError } from '@hexagent/transport-cli';
export { ClaudeClient } from './claude-client.js';
export { createContainer, type DependencyContainer, getDefaultContainer } from './container.js';
export { createSession } from './create-session.js';
export { type Query, type QueryParams, query } from './query.js';
export { MCP_SERVER_FACTORY, TRANSPORT_FACTORY } from './tokens.js';
