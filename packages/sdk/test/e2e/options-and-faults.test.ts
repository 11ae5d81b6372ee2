import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CliNotFoundError,
  createSdkMcpServer,
  ProcessError,
  query,
  ResultError,
  type SDKMessage,
  tool,
} from '@hexagent/sdk';
import { collect, collectSettled, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import type { StandInScenario } from '@hexagent/testing/stand-in-cli';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** Installs a stand-in CLI playing `scenario`; returns its path. */
function standInCli(scenario: StandInScenario): string {
  return scope.installStandInCli(scenario).path;
}

describe('options reach the real CLI', () => {
  it('passes model, systemPrompt and allowedTools', async () => {
    let ran = 0;
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          ran += 1;
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] },
      { content: [text('3')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'add',
        options: {
          env: harness.env,
          model: 'claude-sonnet-4-5',
          systemPrompt: 'You are terse. Marker-7f3a.',
          mcpServers: { calc },
          allowedTools: ['mcp__calc__add'],
        },
      }),
    );
    const request = harness.server.messageRequests[0]?.body as { model?: string; system?: unknown };
    expect(request.model).toBe('claude-sonnet-4-5');
    expect(JSON.stringify(request.system)).toContain('Marker-7f3a');
    // allowedTools auto-approved the call: no permission prompt, the handler ran.
    expect(ran).toBe(1);
    const init = messages.find((message) => message.type === 'system' && message.subtype === 'init') as
      | { tools?: string[]; model?: string }
      | undefined;
    expect(init?.tools).toContain('mcp__calc__add');
    expect(init?.model).toBe('claude-sonnet-4-5');
  });

  it('stops at maxTurns with error_max_turns, then throws ResultError as the official SDK throws', async () => {
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        })),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__calc__add', { a: 1, b: 1 })] },
      { content: [toolUse('mcp__calc__add', { a: 2, b: 2 })] },
      { content: [text('never reached')] },
    ]);
    const { messages, error } = await collectSettled(
      query({
        prompt: 'loop',
        options: { env: harness.env, maxTurns: 1, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
      }),
    );
    const result = messages.at(-1);
    expect(result).toMatchObject({ type: 'result', subtype: 'error_max_turns', is_error: true });
    // The official SDK's message, with the result's errors as its text (an error_max_turns has no `result`).
    expect(ResultError.isInstance(error)).toBe(true);
    expect((error as ResultError).message).toBe(
      'Claude Code returned an error result: Reached maximum number of turns (1)',
    );
    expect((error as ResultError).result).toBe(result);
    expect((error as ResultError).exitCode).toBe(1);
  });

  it('runs an external stdio MCP server given through --mcp-config', async () => {
    const dir = scope.tempDir('hexagent-echo-');
    const log = join(dir, 'calls.log');
    const script = fileURLToPath(new URL('./fixtures/stdio-mcp-server.mjs', import.meta.url));
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__echo__echo', { text: 'hello external' }, 'toolu_ext')] },
      { content: [text('done')] },
    ]);
    const messages = await collect(
      query({
        prompt: 'echo',
        options: {
          env: harness.env,
          mcpServers: { echo: { type: 'stdio', command: process.execPath, args: [script], env: { ECHO_LOG: log } } },
          mcpServersDelivery: 'argv',
          allowedTools: ['mcp__echo__echo'],
        },
      }),
    );
    expect(readFileSync(log, 'utf8').trim()).toBe(JSON.stringify({ text: 'hello external' }));
    expect(resultText(harness.server.toolResults()[0]?.content)).toContain('echo: hello external');
    expect((messages.at(-1) as { subtype?: string }).subtype).toBe('success');
  });
});

describe('faults end in typed errors, never a hang', () => {
  it('fails fast with CliNotFoundError for a wrong executable path', async () => {
    const started = Date.now();
    const run = query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: '/nonexistent/claude-xyz' } });
    const error = await collect(run).catch((caught: unknown) => caught);
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('/nonexistent/claude-xyz');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives a ProcessError with the stderr tail when the CLI exits non-zero mid-stream', async () => {
    const path = standInCli({
      initialize: { answer: 'none' },
      onInitialize: [
        {
          send: {
            type: 'system',
            subtype: 'init',
            session_id: 's',
            tools: [],
            mcp_servers: [],
            model: 'm',
            permissionMode: 'default',
            cwd: '/',
          },
        },
        { stderr: 'fatal: something broke inside the CLI\n' },
        { sleep: 20 },
        { exit: 3 },
      ],
    });
    const seen: SDKMessage[] = [];
    const error = await (async () => {
      for await (const message of query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: path } })) {
        seen.push(message);
      }
    })().catch((caught: unknown) => caught);
    expect(seen.map((message) => message.type)).toEqual(['system']);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(3);
    expect((error as ProcessError).stderrTail).toContain('something broke inside the CLI');
  });

  it('skips a malformed line (as the official SDK does) and goes on to the result', async () => {
    const path = standInCli({
      onUser: [
        { write: '{"type":"assistant", this is not json\n' },
        { assistant: 'after the bad line' },
        { result: 'ok' },
      ],
    });
    const seen = await collect(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: path } }));
    expect(seen.map((message) => message.type)).toEqual(['assistant', 'result']);
  });
});
