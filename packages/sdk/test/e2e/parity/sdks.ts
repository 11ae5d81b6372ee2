/**
 * The two SDKs every parity scenario runs on: the official `@anthropic-ai/claude-agent-sdk` (a dev
 * dependency, at the version the workspace pins) and hexagent, behind one shape typed with
 * hexagent's types. Both drive the workspace's Claude Code CLI (the official SDK's bundled native
 * binaries are not installed), offline against the scripted model.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as hexagent from '@hexagent/sdk';

/** The calls a scenario makes, the same for both SDKs. */
export interface ParitySdk {
  readonly name: 'official' | 'hexagent';
  readonly query: typeof hexagent.query;
  readonly tool: typeof hexagent.tool;
  readonly createSdkMcpServer: typeof hexagent.createSdkMcpServer;
  readonly getSessionMessages: typeof hexagent.getSessionMessages;
  readonly listSubagents: typeof hexagent.listSubagents;
  readonly getSubagentMessages: typeof hexagent.getSubagentMessages;
  readonly InMemorySessionStore: typeof hexagent.InMemorySessionStore;
  readonly resolveSettings: typeof hexagent.resolveSettings;
  /** True for the SDK's own abort error. */
  isAbortError(error: unknown): boolean;
}

const officialSdk: ParitySdk = {
  name: 'official',
  query: official.query as unknown as typeof hexagent.query,
  tool: official.tool as unknown as typeof hexagent.tool,
  createSdkMcpServer: official.createSdkMcpServer as unknown as typeof hexagent.createSdkMcpServer,
  getSessionMessages: official.getSessionMessages as unknown as typeof hexagent.getSessionMessages,
  listSubagents: official.listSubagents as unknown as typeof hexagent.listSubagents,
  getSubagentMessages: official.getSubagentMessages as unknown as typeof hexagent.getSubagentMessages,
  InMemorySessionStore: official.InMemorySessionStore as unknown as typeof hexagent.InMemorySessionStore,
  resolveSettings: official.resolveSettings as unknown as typeof hexagent.resolveSettings,
  isAbortError: (error) => error instanceof official.AbortError,
};

const hexagentSdk: ParitySdk = {
  name: 'hexagent',
  query: hexagent.query,
  tool: hexagent.tool,
  createSdkMcpServer: hexagent.createSdkMcpServer,
  getSessionMessages: hexagent.getSessionMessages,
  listSubagents: hexagent.listSubagents,
  getSubagentMessages: hexagent.getSubagentMessages,
  InMemorySessionStore: hexagent.InMemorySessionStore,
  resolveSettings: hexagent.resolveSettings,
  isAbortError: (error) => hexagent.AbortError.isInstance(error),
};

/** Both SDKs, for `describe.each`. */
export const SDKS: readonly ParitySdk[] = [officialSdk, hexagentSdk];

/** The workspace's Claude Code CLI, which both SDKs are pointed at. */
export const CLI_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);
