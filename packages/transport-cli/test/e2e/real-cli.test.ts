/**
 * The transport against the real Claude Code CLI from node_modules, offline: a fresh HOME and
 * config dir, a dummy key, and an API base URL on an unreachable loopback port. No test here
 * sends a user message, so the CLI never tries to reach the model.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InboundMessage, Options } from '@hexagent/core';
import { collectSettled, isRunning } from '@hexagent/testing';
import { CliNotFoundError, ProcessError } from '@hexagent/transport-kit';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CliTransport } from '../../src/cli-transport.js';
import { findClaudeCli } from '../../src/find-claude-cli.js';
import { rejectionOf } from '../helpers/checks.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { transportFor } from '../helpers/transport-for.js';

const transports: CliTransport[] = [];

/** Every inherited variable removed except PATH, plus what the CLI needs to run offline. */
function hermeticEnv(): Record<string, string | undefined> {
  const root = makeTempDir('hexagent-real-cli-');
  const home = join(root, 'home');
  const config = join(root, 'config');
  mkdirSync(home);
  mkdirSync(config);
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) env[key] = undefined;
  return {
    ...env,
    PATH: process.env['PATH'],
    HOME: home,
    CLAUDE_CONFIG_DIR: config,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    ENABLE_TOOL_SEARCH: 'false',
  };
}

function realCli(options: Options = {}): CliTransport {
  const transport = transportFor({ env: hermeticEnv(), cwd: makeTempDir('hexagent-real-cwd-'), ...options });
  transports.push(transport);
  return transport;
}

async function nextMatching(
  iterator: AsyncIterator<InboundMessage>,
  predicate: (message: InboundMessage) => boolean,
): Promise<InboundMessage> {
  for (;;) {
    const result = await iterator.next();
    if (result.done) throw new Error('messages() ended before the expected message');
    if (predicate(result.value)) return result.value;
  }
}

afterEach(async () => {
  for (const transport of transports.splice(0)) {
    await transport.close();
    if (transport.pid !== undefined) expect(isRunning(transport.pid)).toBe(false);
  }
});

afterAll(() => {
  removeTempDirs();
});

describe('CliTransport with the real Claude Code CLI', () => {
  it('is discovered in node_modules as a native binary', () => {
    const path = findClaudeCli({});
    expect(path).toContain('@anthropic-ai');
    expect(path.endsWith('.js')).toBe(false);
  });

  it('answers initialize, then exits cleanly once its input ends', async () => {
    const transport = realCli();
    await transport.start();
    expect(transport.isOpen).toBe(true);
    const iterator = transport.messages()[Symbol.asyncIterator]();
    await transport.send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } });

    const answer = await nextMatching(iterator, (message) => message.type === 'control_response');
    const response = answer['response'] as { subtype: string; request_id: string; response: Record<string, unknown> };
    expect(response.subtype).toBe('success');
    expect(response.request_id).toBe('req_1');
    expect(response.response['claude_code_version']).toMatch(/^\d+\.\d+\.\d+/);
    expect(response.response['pid']).toBe(transport.pid);

    transport.endInput();
    const rest: InboundMessage[] = [];
    for (;;) {
      const result = await iterator.next();
      if (result.done) break;
      rest.push(result.value);
    }
    expect(rest.filter((message) => message.type === 'control_response')).toEqual([]);
    expect(transport.isOpen).toBe(false);
    expect(isRunning(transport.pid ?? -1)).toBe(false);
  });

  it('accepts the flags in --flag=value form, external MCP servers in --mcp-config included', async () => {
    const transport = realCli({
      model: 'claude-sonnet-4-5',
      maxTurns: 2,
      allowedTools: ['mcp__ext__tool'],
      permissionMode: 'default',
      mcpServers: {
        ext: { type: 'stdio', command: '/bin/false' },
        calc: { type: 'sdk', name: 'calc', instance: {} },
      },
      mcpServersDelivery: 'argv',
      strictMcpConfig: true,
    });
    await transport.start();
    const iterator = transport.messages()[Symbol.asyncIterator]();
    await transport.send({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } });
    await nextMatching(iterator, (message) => message.type === 'control_response');
    await transport.send({ type: 'control_request', request_id: 'status', request: { subtype: 'mcp_status' } });
    const status = await nextMatching(
      iterator,
      (message) =>
        message.type === 'control_response' && (message['response'] as { request_id: string }).request_id === 'status',
    );
    const servers = (
      (status['response'] as { response: { mcpServers: Array<{ name: string }> } }).response.mcpServers ?? []
    )
      .map((server) => server.name)
      .sort();
    expect(servers).toEqual(['ext']);
  });

  it('reports a CLI that rejects its arguments as ProcessError with its stderr', async () => {
    // Bypass validation on purpose: the CLI itself refuses --resume-session-at without --resume.
    const lines: string[] = [];
    const transport = realCli({ extraArgs: { 'resume-session-at': 'x' }, stderr: (line) => lines.push(line) });
    await transport.start();
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(items).toEqual([]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(1);
    expect((error as ProcessError).stderrTail).toContain('--resume-session-at requires --resume');
    expect(lines.join('\n')).toContain('--resume-session-at requires --resume');
  });

  it('stops an idle CLI promptly on close()', async () => {
    const transport = realCli();
    await transport.start();
    const iterator = transport.messages()[Symbol.asyncIterator]();
    await transport.send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } });
    await nextMatching(iterator, (message) => message.type === 'control_response');
    const startedAt = performance.now();
    await transport.close();
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(isRunning(transport.pid ?? -1)).toBe(false);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('fails fast with CliNotFoundError for a wrong pathToClaudeCodeExecutable', async () => {
    const missing = join(makeTempDir(), 'claude');
    const transport = realCli({ pathToClaudeCodeExecutable: missing });
    const startedAt = performance.now();
    const error = await rejectionOf(transport.start());
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([missing]);
  });
});

describe('the real CLI and MCP servers sent in initialize', () => {
  async function answerTo(transport: CliTransport, requestId: string, request: Record<string, unknown>) {
    const iterator = transport.messages()[Symbol.asyncIterator]();
    await transport.send({ type: 'control_request', request_id: requestId, request });
    for (;;) {
      const next = await iterator.next();
      if (next.done) throw new Error('the CLI ended before answering');
      const message: InboundMessage = next.value;
      const response = message['response'] as { request_id?: string; response?: Record<string, unknown> } | undefined;
      if (message.type === 'control_response' && response?.request_id === requestId) return response.response ?? {};
    }
  }

  const servers = { ext: { type: 'stdio' as const, command: '/bin/false' } };

  it('with --await-initialize (the default delivery) it answers mcp_servers_applied: true', async () => {
    const transport = realCli({ mcpServers: servers });
    await transport.start();
    const answer = await answerTo(transport, 'init', { subtype: 'initialize', mcpServers: servers });
    expect(answer['mcp_servers_applied']).toBe(true);
  });

  it('without --await-initialize it ignores them and answers mcp_servers_applied: false', async () => {
    const transport = realCli();
    await transport.start();
    const answer = await answerTo(transport, 'init', { subtype: 'initialize', mcpServers: servers });
    expect(answer['mcp_servers_applied']).toBe(false);
  });
});
