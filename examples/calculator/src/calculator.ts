import { type CallToolResult, createSdkMcpServer, tool } from '@hexagent/sdk';
import { z } from 'zod';

const numbers = { a: z.number().describe('left operand'), b: z.number().describe('right operand') };

function answer(value: number): CallToolResult {
  return { content: [{ type: 'text', text: String(value) }] };
}

/** The four calculator tools. Read-only, so the CLI may run several of them at once. */
export const calculatorTools = [
  tool('add', 'Add two numbers', numbers, async ({ a, b }) => answer(a + b), {
    annotations: { readOnlyHint: true },
  }),
  tool('subtract', 'Subtract b from a', numbers, async ({ a, b }) => answer(a - b), {
    annotations: { readOnlyHint: true },
  }),
  tool('multiply', 'Multiply two numbers', numbers, async ({ a, b }) => answer(a * b), {
    annotations: { readOnlyHint: true },
  }),
  tool(
    'divide',
    'Divide a by b',
    numbers,
    async ({ a, b }) => {
      if (b === 0) return { content: [{ type: 'text', text: 'Division by zero' }], isError: true };
      return answer(a / b);
    },
    { annotations: { readOnlyHint: true } },
  ),
];

/** A calculator as an in-process MCP server: its handlers run in this process. */
export function createCalculator() {
  return createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: calculatorTools });
}

/** The tool names as the model sees them, for `allowedTools`. */
export const calculatorToolNames = ['add', 'subtract', 'multiply', 'divide'].map((name) => `mcp__calc__${name}`);
