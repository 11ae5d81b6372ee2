import type { SDKMessage } from '@hexagent/sdk';
import { hermeticCliEnv, type ModelScript, ScriptedModelServer } from '@hexagent/testing';

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

/** The `result` messages among `messages`. */
export function results(messages: SDKMessage[]): Array<Record<string, unknown>> {
  return messages.filter((message) => message.type === 'result') as Array<Record<string, unknown>>;
}
