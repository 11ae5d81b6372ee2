import type { RecordedRequest } from '@hexagent/testing';
import { text, toolUse } from '@hexagent/testing';
import { kindOf, type RunSignals, type Scenario } from '../scenario.js';
import { calcServer } from './query-scenarios.js';

/** True for a request of the subagent (its task names itself `SUB:`), false for the main agent's. */
function isSubagent(request: RecordedRequest): boolean {
  const first = request.body.messages?.find((message) => message.role === 'user');
  return JSON.stringify(first?.content ?? '').includes('SUB:');
}

/**
 * The model: the main agent starts a subagent in the background (the Agent tool with
 * `run_in_background`) and ends its turn; the subagent answers only once the app has seen that
 * first `result`, so its completion wakes the main agent for a follow-up turn, which calls the
 * in-process `add` tool and answers.
 */
function backgroundScript(signals: RunSignals) {
  let main = 0;
  return async (request: RecordedRequest) => {
    if (isSubagent(request)) {
      await signals.wait('first result');
      return { content: [text('sub done')] };
    }
    main += 1;
    if (main === 1) {
      const input = { description: 'bg', prompt: 'SUB: work', subagent_type: 'general-purpose' };
      return { content: [toolUse('Agent', { ...input, run_in_background: true }, 'toolu_agent')] };
    }
    if (main === 2) return { content: [text('started it, waiting')] };
    if (main === 3) return { content: [toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add')] };
    return { content: [text('answer=42')] };
  };
}

/**
 * A background subagent: the main turn's `result` comes first; the subagent's completion then
 * wakes the main agent, whose follow-up turn needs the SDK again (the PreToolUse hook, `canUseTool`,
 * the in-process tool). The official SDK keeps the CLI's input open until the CLI reports it is
 * idle (`session_state_changed`), so the follow-up is served on the wire.
 */
export const backgroundAgent: Scenario = {
  name: 'background-agent',
  description: 'a background subagent wakes the main agent after its result; the follow-up needs the SDK',
  script: { withSignals: backgroundScript },
  async run(context) {
    const hooked: string[] = [];
    const asked: string[] = [];
    const added: number[] = [];
    try {
      for await (const message of context.sdk.query({
        prompt: 'Start a subagent in the background.',
        options: {
          ...context.options,
          mcpServers: {
            calc: calcServer(context, async ({ a, b }) => {
              added.push(a + b);
              return String(a + b);
            }),
          },
          canUseTool: async (name, input) => {
            asked.push(name);
            return { behavior: 'allow', updatedInput: input };
          },
          hooks: {
            PreToolUse: [
              {
                hooks: [
                  async (input) => {
                    hooked.push(String((input as { tool_name?: unknown }).tool_name));
                    return { continue: true };
                  },
                ],
              },
            ],
          },
        },
      })) {
        context.saw(kindOf(message));
        if (message.type === 'result') context.signals.fire('first result');
      }
      context.saw('ended');
    } catch (error) {
      context.saw(`threw ${error instanceof Error ? error.name : typeof error}`);
    }
    context.saw(`PreToolUse hook: ${hooked.join(', ')}`);
    context.saw(`canUseTool: ${asked.join(', ')}`);
    context.saw(`add ran: ${added.join(', ')}`);
  },
};
