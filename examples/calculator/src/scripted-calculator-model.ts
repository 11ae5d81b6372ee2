import type { ModelTurn, RecordedRequest } from '@hexagent/testing';
import { text, toolUse } from '@hexagent/testing';

interface ToolResultSeen {
  toolUseId: string;
  text: string;
  isError: boolean;
}

/** Every tool result in the conversation the CLI sent, in order. */
function toolResultsIn(request: RecordedRequest): ToolResultSeen[] {
  const body = request.body as { messages?: Array<{ role: string; content: unknown }> } | undefined;
  const seen: ToolResultSeen[] = [];
  for (const message of body?.messages ?? []) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== 'tool_result') continue;
      const content = block.content;
      const textOf = (value: unknown): string =>
        typeof value === 'string'
          ? value
          : Array.isArray(value)
            ? value
                .map((part) => (part as { text?: unknown }).text)
                .filter((part): part is string => typeof part === 'string')
                .join('')
            : '';
      seen.push({ toolUseId: String(block.tool_use_id), text: textOf(content), isError: block.is_error === true });
    }
  }
  return seen;
}

/**
 * A stand-in model for the demo when no `ANTHROPIC_API_KEY` is set: it calls the calculator the
 * way Claude would (two calls in one turn, then a division by zero) and then reports what the tools
 * actually answered. It reads the tool results from the requests the CLI sends, so the final text
 * shows real round trips through the in-process server.
 */
export function scriptedCalculatorModel(request: RecordedRequest): ModelTurn {
  const results = toolResultsIn(request);
  if (results.length === 0) {
    return {
      content: [
        text('Let me work these out with the calculator.'),
        toolUse('mcp__calc__add', { a: 15, b: 27 }, 'toolu_add'),
        toolUse('mcp__calc__multiply', { a: 6, b: 7 }, 'toolu_mul'),
      ],
    };
  }
  if (results.length === 2) {
    return { content: [text('Now the division.'), toolUse('mcp__calc__divide', { a: 1, b: 0 }, 'toolu_div')] };
  }
  const byId = new Map(results.map((result) => [result.toolUseId, result]));
  const sum = byId.get('toolu_add')?.text ?? '?';
  const product = byId.get('toolu_mul')?.text ?? '?';
  const division = byId.get('toolu_div');
  const divisionText = division?.isError
    ? `1 ÷ 0 has no answer: the calculator said "${division.text}"`
    : `1 ÷ 0 = ${division?.text ?? '?'}`;
  return { content: [text(`15 + 27 = ${sum} and 6 × 7 = ${product}. ${divisionText}.`)] };
}
