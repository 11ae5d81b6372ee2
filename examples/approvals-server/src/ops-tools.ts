import { appendFileSync } from 'node:fs';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { z } from 'zod';

/**
 * The tools the agents may call, registered on every worker. `deploy` is the risky one: the
 * approval rule (main.ts) gates it, so it runs only after a person approved that very call. It
 * appends a line to `log` (a stand-in for the outside world), and passes the tool use id on as the
 * idempotency key a real deploy API would take.
 */
export function opsServer(log: string) {
  return createSdkMcpServer({
    name: 'ops',
    version: '1.0.0',
    tools: [
      tool(
        'deploy',
        'Deploy a service to an environment',
        { service: z.string(), env: z.string() },
        async (args, extra) => {
          appendFileSync(log, `${JSON.stringify({ ...args, key: extra.toolUseId })}\n`);
          return { content: [{ type: 'text', text: `deployed ${args.service} to ${args.env}` }] };
        },
      ),
      tool('status', 'The status of a service', { service: z.string() }, async ({ service }) => ({
        content: [{ type: 'text', text: `${service}: healthy` }],
      })),
    ],
  });
}

/** The calls that wait for a person. */
export const approvalRule = { tools: ['mcp__ops__deploy'] };
