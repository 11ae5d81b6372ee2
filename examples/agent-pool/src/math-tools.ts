import { type CallToolResult, createSdkMcpServer, tool } from '@hexagent/sdk';
import { z } from 'zod';

const numbers = { a: z.number().describe('left operand'), b: z.number().describe('right operand') };

function answer(value: number): CallToolResult {
  return { content: [{ type: 'text', text: String(value) }] };
}

/**
 * Two calculator tools as an in-process MCP server. One definition serves every agent of the pool:
 * each session builds its own server from it, and the tools are compiled once per process.
 */
export function createMathServer() {
  return createSdkMcpServer({
    name: 'math',
    version: '1.0.0',
    tools: [
      tool('add', 'Add two numbers', numbers, async ({ a, b }) => answer(a + b), {
        annotations: { readOnlyHint: true },
      }),
      tool('multiply', 'Multiply two numbers', numbers, async ({ a, b }) => answer(a * b), {
        annotations: { readOnlyHint: true },
      }),
    ],
  });
}

/** The tool names as the model sees them, for `allowedTools`. */
export const mathToolNames = ['mcp__math__add', 'mcp__math__multiply'];
