import type { ModelScriptFunction, ModelTurn } from './model-script.js';
import { text } from './model-turn-helpers.js';
import type { RecordedRequest } from './recorded-request.js';

/**
 * A script answering each main request by what its last user message says: the turn whose key
 * occurs last in the text of that message, or, when the message carries tool results, the turn
 * keyed `tool_result:<part of a tool_use_id>` (else `done`). Turns may be functions of the request.
 * Unmatched text gets `fallback`. For tests whose turns do not come in a fixed order (concurrent
 * queries on one server, a pool).
 *
 * @example
 * ```ts
 * const server = await ScriptedModelServer.start(
 *   byPrompt({ add: { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_add')] }, 'tool_result:add': { content: [text('3')] } }),
 * );
 * ```
 */
export function byPrompt(
  turns: Record<string, ModelTurn | ((request: RecordedRequest) => ModelTurn)>,
  fallback = 'ok',
): ModelScriptFunction {
  const answer = (turn: ModelTurn | ((request: RecordedRequest) => ModelTurn), request: RecordedRequest) =>
    typeof turn === 'function' ? turn(request) : turn;
  return (request) => {
    const last = [...(request.body.messages ?? [])].reverse().find((message) => message.role === 'user');
    const blocks = typeof last?.content === 'string' ? [{ type: 'text', text: last.content }] : (last?.content ?? []);
    const toolUseIds = blocks.flatMap((block) =>
      block.type === 'tool_result' ? [(block as { tool_use_id: string }).tool_use_id] : [],
    );
    if (toolUseIds.length > 0) {
      for (const [key, turn] of Object.entries(turns)) {
        if (key.startsWith('tool_result:') && toolUseIds.some((id) => id.includes(key.slice('tool_result:'.length)))) {
          return answer(turn, request);
        }
      }
      return { content: [text('done')] };
    }
    const said = blocks.map((block) => (block.type === 'text' ? (block as { text: string }).text : '')).join('\n');
    let best: (typeof turns)[string] | undefined;
    let bestAt = -1;
    for (const [key, turn] of Object.entries(turns)) {
      const at = key.startsWith('tool_result:') ? -1 : said.lastIndexOf(key);
      if (at > bestAt) [best, bestAt] = [turn, at];
    }
    return best === undefined ? { content: [text(fallback)] } : answer(best, request);
  };
}
