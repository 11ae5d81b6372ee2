// The e2e helpers of packages/sdk/test/e2e/harness.ts that the pool's real-CLI tests use (test code
// does not cross packages by relative path).
import type { SDKMessage } from '@hexagent/sdk';
import {
  hermeticCliEnv,
  type ModelScript,
  type ModelScriptFunction,
  type ModelTurn,
  type RecordedRequest,
  ScriptedModelServer,
  text,
} from '@hexagent/testing';

/** A scripted model server and a hermetic CLI env, torn down together. */
export interface E2eHarness {
  server: ScriptedModelServer;
  env: Record<string, string | undefined>;
  configDir: string;
  dispose(): Promise<void>;
}

/** Start a scripted model and build the env that points the real CLI at it (loopback only). */
export async function startHarness(script: ModelScript): Promise<E2eHarness> {
  const server = await ScriptedModelServer.start(script);
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  return {
    server,
    env: hermetic.env,
    configDir: hermetic.configDir,
    async dispose() {
      await server.close();
      await hermetic.cleanup();
    },
  };
}

/** Concatenated text of a tool_result block's content. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part as { text?: unknown }).text)
    .filter((part): part is string => typeof part === 'string')
    .join('');
}

/** Every message of a query, in order. */
export async function collect(iterable: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of iterable) messages.push(message);
  return messages;
}

/** Every message of a query, and the error its iteration ended with (`undefined` when it just ended). */
export async function collectSettled(
  iterable: AsyncIterable<SDKMessage>,
): Promise<{ messages: SDKMessage[]; error: unknown }> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of iterable) messages.push(message);
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: undefined };
}

/** The `result` messages among `messages`. */
export function results(messages: SDKMessage[]): Array<Record<string, unknown>> {
  return messages.filter((message) => message.type === 'result') as Array<Record<string, unknown>>;
}

/**
 * A script function answering each main request by what its last user message says: the turn
 * whose key occurs last in the text of that message, or, when the message carries tool results,
 * the turn keyed `tool_result:<part of a tool_use_id>`, else `done`. Turns may be functions of the
 * request. Unmatched text gets `fallback`.
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
