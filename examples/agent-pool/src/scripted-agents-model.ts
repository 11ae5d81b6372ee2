import type { ModelTurn, RecordedRequest } from '@hexagent/testing';
import { text, toolUse } from '@hexagent/testing';

/** The tool results in the conversation the CLI sent, by tool_use id. */
function toolResultsIn(request: RecordedRequest): Map<string, string> {
  const results = new Map<string, string>();
  for (const message of request.body.messages ?? []) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type !== 'tool_result') continue;
      const content = block.content;
      const body =
        typeof content === 'string'
          ? content
          : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
      results.set(block.tool_use_id, body);
    }
  }
  return results;
}

/**
 * A stand-in model for the example when no `ANTHROPIC_API_KEY` is set. Each agent's prompt names
 * its number n ("Agent n: ..."); the model adds n and 35 with the `add` tool, multiplies the sum
 * by 2 with `multiply`, then answers with what the tools returned. The requests of all agents
 * arrive at the same server at once, so it answers each from its own conversation.
 */
export function scriptedAgentsModel(request: RecordedRequest): ModelTurn {
  const agent = Number(/Agent (\d+)/.exec(JSON.stringify(request.body.messages ?? []))?.[1] ?? 0);
  const results = toolResultsIn(request);
  const sum = results.get(`toolu_add_${agent}`);
  const product = results.get(`toolu_mul_${agent}`);
  if (sum === undefined) {
    return { content: [toolUse('mcp__math__add', { a: agent, b: 35 }, `toolu_add_${agent}`)] };
  }
  if (product === undefined) {
    return { content: [toolUse('mcp__math__multiply', { a: Number(sum), b: 2 }, `toolu_mul_${agent}`)] };
  }
  return { content: [text(`(${agent} + 35) × 2 = ${product}`)] };
}
