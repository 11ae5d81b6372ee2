import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { z } from 'zod';

/**
 * An in-process tool every instance registers: a resumed session can call it on whichever
 * instance continues it, because the tool lives in the code, not in the session.
 */
export const mathServer = createSdkMcpServer({
  name: 'math',
  version: '1.0.0',
  tools: [
    tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    })),
  ],
});

/** The tool names to allow up front. */
export const mathToolNames = ['mcp__math__add'];
