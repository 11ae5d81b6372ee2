/**
 * What the parity scenarios share: a scripted model and a hermetic home per scenario, options that
 * point either SDK at the workspace's CLI, a conversation over streaming input (what the Python
 * SDK's `ClaudeSDKClient` is in the TypeScript API: one `query()` fed turn by turn), and readers.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { AsyncQueue } from '@hexagent/core';
import type { Options, Query, SDKMessage, SDKUserMessage } from '@hexagent/sdk';
import {
  hermeticCliEnv,
  type ModelScript,
  type RecordedRequest,
  ScriptedModelServer,
  type ScriptedModelServerOptions,
  TestScope,
} from '@hexagent/testing';
import { CLI_PATH, type ParitySdk } from './sdks.js';

/** One scenario's model, home and project folder. */
export interface Scenario {
  server: ScriptedModelServer;
  /** The CLI's whole environment (hermetic). */
  env: Record<string, string | undefined>;
  /** `HOME`. */
  home: string;
  /** `CLAUDE_CONFIG_DIR`. */
  configDir: string;
  /** An empty project folder under `home`, the CLI's `cwd`. */
  cwd: string;
  /** Options for either SDK: the workspace's CLI, the hermetic env, the project folder. */
  options(extra?: Options): Options;
  /** The texts of the user turns of each main request the model got, in order. */
  modelSaw(): string[];
}

/** What the scenarios of the running test made, released by {@link disposeScenarios}. */
const scope = new TestScope();

/** Start a scripted model and a hermetic home; torn down by {@link disposeScenarios}. */
export async function startScenario(
  script: ModelScript,
  serverOptions?: ScriptedModelServerOptions,
): Promise<Scenario> {
  const server = await ScriptedModelServer.start(script, serverOptions);
  scope.defer(() => server.close());
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  scope.defer(() => hermetic.cleanup());
  const cwd = mkdtempSync(join(hermetic.homeDir, 'project-'));
  mkdirSync(cwd, { recursive: true });
  const scenario: Scenario = {
    server,
    env: hermetic.env,
    home: hermetic.homeDir,
    configDir: hermetic.configDir,
    cwd,
    options: (extra = {}) => ({ pathToClaudeCodeExecutable: CLI_PATH, env: hermetic.env, cwd, ...extra }),
    modelSaw: () => server.requests.filter((request) => request.kind === 'main').map(lastUserText),
  };
  return scenario;
}

/** For `afterEach`: closes every scenario started. */
export function disposeScenarios(): Promise<void> {
  return scope.cleanup();
}

/** The text of the last user message of a request. */
export function lastUserText(request: RecordedRequest): string {
  const last = [...(request.body.messages ?? [])].reverse().find((message) => message.role === 'user');
  if (typeof last?.content === 'string') return last.content;
  return (last?.content ?? [])
    .map((block) => {
      if (block.type === 'text') return (block as { text: string }).text;
      if (block.type === 'tool_result') return JSON.stringify((block as { content?: unknown }).content ?? '');
      return '';
    })
    .join('\n');
}

/** A user message for streaming input. */
export function userMessage(content: string, extra: Record<string, unknown> = {}): SDKUserMessage {
  return { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, ...extra } as SDKUserMessage;
}

/** Every message of a query, and the error its iteration ended with. */
export async function settle(run: AsyncIterable<SDKMessage>): Promise<{ messages: SDKMessage[]; error: unknown }> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of run) messages.push(message);
  } catch (error) {
    return { messages, error };
  }
  return { messages, error: undefined };
}

/** A conversation: one `query()` over streaming input, turn by turn, as the Python SDK's client. */
export interface Conversation {
  readonly query: Query;
  /** Send a turn and read its messages, up to and including its `result`. */
  turn(message: string | SDKUserMessage): Promise<SDKMessage[]>;
  /** Read the messages of the turn in progress, up to and including its `result`. */
  receive(): Promise<SDKMessage[]>;
  /** End the input and read what is left; resolves with it and the iteration's error. */
  close(): Promise<{ messages: SDKMessage[]; error: unknown }>;
}

/** Open a conversation with `sdk`. */
export function conversation(sdk: ParitySdk, options: Options): Conversation {
  const input = new AsyncQueue<SDKUserMessage>();
  const run = sdk.query({ prompt: input, options });
  const receive = async (): Promise<SDKMessage[]> => {
    const messages: SDKMessage[] = [];
    for (;;) {
      const next = await run.next();
      if (next.done === true) return messages;
      messages.push(next.value);
      if (next.value.type === 'result') return messages;
    }
  };
  return {
    query: run,
    async turn(message) {
      input.push(typeof message === 'string' ? userMessage(message) : message);
      return receive();
    },
    receive,
    async close() {
      input.end();
      return settle({ [Symbol.asyncIterator]: () => run });
    },
  };
}

/** The first message of `type` (and `subtype`) among `messages`. */
export function find<T = Record<string, unknown>>(
  messages: SDKMessage[],
  type: string,
  subtype?: string,
): T | undefined {
  return messages.find(
    (message) =>
      message.type === type && (subtype === undefined || (message as { subtype?: string }).subtype === subtype),
  ) as T | undefined;
}
