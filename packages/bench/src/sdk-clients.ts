import type { ClientRun } from './floor-client.js';
import { heapSampler } from './heap-sampler.js';
import { measuredFromMessage, SERVER_NAME, STAND_IN_CLI, TOOL_DESCRIPTION, TOOL_NAME } from './workload.js';

/** The tool's answer: `a + b` as text. The same handler for both SDKs. */
async function add({ a, b }: { a: number; b: number }) {
  return { content: [{ type: 'text' as const, text: String(a + b) }] };
}

/**
 * Reads a query to its end, noting when the first measured `assistant` message (number
 * `measuredFrom`) and the `result` arrived.
 */
async function consume(messages: AsyncIterable<{ type: string }>, measuredFrom: number): Promise<ClientRun> {
  let count = 0;
  let assistants = 0;
  let firstAssistantAt = 0;
  let resultAt = 0;
  let result: Record<string, unknown> | undefined;
  for await (const message of messages) {
    count++;
    heapSampler.tick();
    if (message.type === 'assistant' && ++assistants === measuredFrom) firstAssistantAt = performance.now();
    else if (message.type === 'result') {
      resultAt = performance.now();
      result = message as unknown as Record<string, unknown>;
    }
  }
  if (result === undefined) throw new Error('the query ended without a result');
  return { messages: count, firstAssistantAt, resultAt, result };
}

/**
 * One query through `@hexagent/sdk` against the stand-in CLI: `query()` with an in-process
 * `createSdkMcpServer` tool when `withServer` (none otherwise, so the MCP SDK is never loaded).
 */
export async function runHexagent(
  env: Record<string, string>,
  withServer: boolean,
  cli: string = STAND_IN_CLI,
): Promise<ClientRun> {
  const { createSdkMcpServer, query, tool } = await import('@hexagent/sdk');
  const options: Parameters<typeof query>[0]['options'] = { pathToClaudeCodeExecutable: cli, env };
  if (withServer) {
    const { z } = await import('zod');
    const server = createSdkMcpServer({
      name: SERVER_NAME,
      version: '1.0.0',
      tools: [tool(TOOL_NAME, TOOL_DESCRIPTION, { a: z.number(), b: z.number() }, add, readOnly)],
    });
    options.mcpServers = { [SERVER_NAME]: server };
    options.allowedTools = [`mcp__${SERVER_NAME}__${TOOL_NAME}`];
  }
  return consume(query({ prompt: 'go', options }), measuredFromMessage(env));
}

/** The same through the official `@anthropic-ai/claude-agent-sdk` (its `query()`, `createSdkMcpServer` and `tool`). */
export async function runOfficial(
  env: Record<string, string>,
  withServer: boolean,
  cli: string = STAND_IN_CLI,
): Promise<ClientRun> {
  const { createSdkMcpServer, query, tool } = await import('@anthropic-ai/claude-agent-sdk');
  const options: NonNullable<Parameters<typeof query>[0]['options']> = {
    pathToClaudeCodeExecutable: cli,
    // The official SDK replaces the environment instead of overlaying it.
    env: { ...process.env, ...env },
  };
  if (withServer) {
    const { z } = await import('zod');
    const server = createSdkMcpServer({
      name: SERVER_NAME,
      version: '1.0.0',
      tools: [tool(TOOL_NAME, TOOL_DESCRIPTION, { a: z.number(), b: z.number() }, add, readOnly)],
    });
    options.mcpServers = { [SERVER_NAME]: server };
    options.allowedTools = [`mcp__${SERVER_NAME}__${TOOL_NAME}`];
  }
  return consume(query({ prompt: 'go', options }), measuredFromMessage(env));
}

/** Both SDKs run calls of `readOnlyHint` tools concurrently (so does the real CLI). */
const readOnly = { annotations: { readOnlyHint: true } };
