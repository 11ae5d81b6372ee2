import { createSdkMcpServer, query, tool } from '@hexagent/sdk';
import { z } from 'zod';

const calc = createSdkMcpServer({
  name: 'calc',
  version: '1.0.0',
  tools: [
    tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    })),
  ],
});

/** The README quick start, as written for the official SDK; only the import differs. */
export async function quickStart(): Promise<void> {
  for await (const message of query({
    prompt: 'What is 15 + 27?',
    options: { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
  })) {
    if (message.type === 'assistant') console.log(message.message.content);
    if (message.type === 'result' && message.subtype === 'success') console.log(message.subtype, message.result);
  }
}
