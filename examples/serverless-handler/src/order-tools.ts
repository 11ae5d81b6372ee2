import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { z } from 'zod';

/** Orders as the function's own backend knows them (in yours: a database the function has credentials for). */
const ORDERS: Readonly<Record<string, string>> = {
  'A-1042': 'shipped on 2026-11-20 by parcel, arriving 2026-11-22',
  'B-7': 'being packed',
};

/** One structured log line, as function platforms collect stdout. */
export type LogLine = Record<string, unknown>;

/**
 * The function's in-process tool, `mcp__orders__get_order_status`. Its handler runs in the
 * function's process, with the function's credentials: the CLI on the relay's host only sees the
 * tool's name, schema and answers, reached over the relay's WebSocket as control messages.
 */
export function orderTools(log: (line: LogLine) => void) {
  return createSdkMcpServer({
    name: 'orders',
    version: '1.0.0',
    tools: [
      tool(
        'get_order_status',
        'The shipping status of an order, by its id (such as A-1042).',
        { orderId: z.string().min(1).max(32) },
        async ({ orderId }) => {
          log({ tool: 'get_order_status', input: { orderId } });
          const status = ORDERS[orderId];
          return status === undefined
            ? { content: [{ type: 'text', text: `No order ${orderId}.` }], isError: true }
            : { content: [{ type: 'text', text: `Order ${orderId}: ${status}.` }] };
        },
      ),
    ],
  });
}

/** The tool names to allow up front (nothing else runs without asking). */
export const orderToolNames = ['mcp__orders__get_order_status'];
