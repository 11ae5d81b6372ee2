/**
 * The Session tests' common set-up on the fakes of `fakes.ts`: sessions made here are closed after
 * each test, and fake timers are undone.
 */
import { afterEach, vi } from 'vitest';
import { Session } from '../../src/session/session.js';
import type { McpServerManifest } from '../../src/types/mcp/mcp-server-manifest.js';
import type { Options } from '../../src/types/options.js';
import { type FakeMcpServer, FakeTransport } from './fakes.js';

/** What the fake CLI answers to `initialize` in {@link SessionHarness.runningSession}. */
export const INIT_RESPONSE = {
  commands: [{ name: 'compact', description: 'Compact the conversation' }],
  models: [{ value: 'sonnet', displayName: 'Sonnet' }],
  pid: 4242,
  claude_code_version: '2.1.329',
};

/** A manifest of an in-process server with one tool. */
export const MANIFEST: McpServerManifest = {
  initializeResult: {
    protocolVersion: '2025-06-18',
    capabilities: { tools: {} },
    serverInfo: { name: 'calc', version: '1.0.0' },
  },
  toolsListResult: { tools: [{ name: 'add', inputSchema: { type: 'object' } }] },
};

/** A session on a fake transport, with its in-process servers. */
export interface SessionUnderTest {
  session: Session;
  transport: FakeTransport;
  servers: FakeMcpServer[];
}

/** Builds sessions for one test file (call at its top level). */
export interface SessionHarness {
  /** A session that has not started. */
  makeSession(options?: Options, servers?: FakeMcpServer[], transport?: FakeTransport): SessionUnderTest;
  /** A session that has started and whose `initialize` got {@link INIT_RESPONSE}. */
  runningSession(options?: Options, servers?: FakeMcpServer[]): Promise<SessionUnderTest>;
}

/** Registers the clean-up after each test and returns the session builders. */
export function sessionHarness(): SessionHarness {
  const sessions: Session[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const session of sessions.splice(0)) await session.close();
  });
  const makeSession: SessionHarness['makeSession'] = (options = {}, servers = [], transport = new FakeTransport()) => {
    const session = new Session({ transport, mcpServers: servers, options });
    sessions.push(session);
    return { session, transport, servers };
  };
  return {
    makeSession,
    async runningSession(options = {}, servers = []) {
      const harness = makeSession(options, servers);
      await harness.session.start();
      await harness.transport.answer('initialize', INIT_RESPONSE);
      await harness.session.initializationResult();
      return harness;
    },
  };
}

/** The `initialize` request the session sent (its `request` body). */
export async function initializeRequest(transport: FakeTransport): Promise<Record<string, unknown>> {
  return (await transport.waitForRequest('initialize')).request;
}
