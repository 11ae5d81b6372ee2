import type { McpSdkServerConfigWithInstance } from '@hexagent/sdk';
import { text, toolUse } from '@hexagent/testing';
import { drain, type Scenario, type ScenarioContext } from '../scenario.js';

/** The in-process `calc` server with its `add` tool, built with the SDK under test. */
export function calcServer(
  context: ScenarioContext,
  handler: (args: { a: number; b: number }, extra: { signal?: AbortSignal }) => Promise<string> = async ({ a, b }) =>
    String(a + b),
): McpSdkServerConfigWithInstance {
  const { z, sdk } = context;
  return sdk.createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      sdk.tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async (args, extra) => ({
        content: [{ type: 'text', text: await handler(args, extra as { signal?: AbortSignal }) }],
      })),
    ],
  });
}

const addTurn = { content: [toolUse('mcp__calc__add', { a: 15, b: 27 })] };

/** A string prompt answered with text: the launch, `initialize`, the user message, the result. */
export const plainPrompt: Scenario = {
  name: 'plain-prompt',
  description: 'a string prompt answered with text',
  script: [{ content: [text('hello')] }],
  run: (context) => drain(context, context.sdk.query({ prompt: 'hi', options: context.options })),
};

/** An in-process MCP tool the CLI calls over `mcp_message`. */
export const mcpToolCall: Scenario = {
  name: 'mcp-tool-call',
  description: 'an in-process MCP tool (createSdkMcpServer + tool) called by the model',
  script: [addTurn, { content: [text('answer=42')] }],
  run: (context) =>
    drain(
      context,
      context.sdk.query({
        prompt: 'add 15 and 27',
        options: { ...context.options, mcpServers: { calc: calcServer(context) }, allowedTools: ['mcp__calc__add'] },
      }),
    ),
};

/** `canUseTool` allowing the call, PreToolUse (with a matcher) and PostToolUse hooks answering. */
export const canUseToolAndHooks: Scenario = {
  name: 'can-use-tool-and-hooks',
  description: 'canUseTool allows the tool; PreToolUse (matcher) and PostToolUse hooks run',
  script: [addTurn, { content: [text('answer=42')] }],
  run: (context) =>
    drain(
      context,
      context.sdk.query({
        prompt: 'add 15 and 27',
        options: {
          ...context.options,
          mcpServers: { calc: calcServer(context) },
          canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
          hooks: {
            PreToolUse: [{ matcher: 'mcp__calc__.*', hooks: [async () => ({ continue: true })] }],
            PostToolUse: [{ hooks: [async () => ({})] }],
          },
        },
      }),
    ),
};

/** `canUseTool` denying the call. */
export const permissionDeny: Scenario = {
  name: 'permission-deny',
  description: 'canUseTool denies the tool with a message',
  script: [addTurn, { content: [text('denied, fine')] }],
  run: (context) =>
    drain(
      context,
      context.sdk.query({
        prompt: 'add 15 and 27',
        options: {
          ...context.options,
          mcpServers: { calc: calcServer(context) },
          canUseTool: async () => ({ behavior: 'deny', message: 'not today' }),
        },
      }),
    ),
};

/** `maxTurns: 1` with a model that keeps calling tools: the `error_max_turns` result. */
export const maxTurns: Scenario = {
  name: 'max-turns',
  description: 'maxTurns: 1 reached: the error_max_turns result, and how the iteration ends',
  script: [addTurn, addTurn, { content: [text('never reached')] }],
  run: (context) =>
    drain(
      context,
      context.sdk.query({
        prompt: 'add forever',
        options: {
          ...context.options,
          maxTurns: 1,
          mcpServers: { calc: calcServer(context) },
          allowedTools: ['mcp__calc__add'],
        },
      }),
    ),
};

/** `settingSources: []` and `['project', 'local']` (omitted is every other scenario). */
export const settingSources: Scenario = {
  name: 'setting-sources',
  description: "settingSources [] and ['project', 'local'], one query each",
  script: [{ content: [text('one')] }, { content: [text('two')] }],
  async run(context) {
    await drain(context, context.sdk.query({ prompt: 'hi', options: { ...context.options, settingSources: [] } }));
    await drain(
      context,
      context.sdk.query({ prompt: 'hi', options: { ...context.options, settingSources: ['project', 'local'] } }),
    );
  },
};
