/**
 * Security through the public API: external MCP server configs (which carry secrets in `env` and
 * `headers`) travel over stdin in `initialize` by default, a CLI that does not confirm them ends the
 * session with a typed error before any prompt, option values reach the CLI verbatim with no shell,
 * and no error the user sees carries a value of `options.env`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ClaudeClient,
  CliNotFoundError,
  ControlTimeoutError,
  createSdkMcpServer,
  type InitializeResponse,
  McpServersNotAppliedError,
  type Options,
  ProcessError,
  query,
  tool,
} from '@hexagent/sdk';
import { processExists, results, resultText, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drain, scope, standInCli, tempDir, within } from './faults-helpers.js';

const ECHO_SERVER = fileURLToPath(new URL('../e2e/fixtures/stdio-mcp-server.mjs', import.meta.url));

afterEach(() => scope.cleanup());

describe('external MCP servers are delivered in initialize by default', () => {
  it('the real CLI runs them, confirms them, and its command line holds none of their config', async () => {
    const log = join(tempDir(), 'calls.log');
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        })),
      ],
    });
    const harness = await scope.startCliHarness([
      { content: [toolUse('mcp__echo__echo', { text: 'over stdin' }, 'toolu_echo')] },
      { content: [toolUse('mcp__calc__add', { a: 2, b: 3 }, 'toolu_add')] },
      { content: [text('done')] },
    ]);
    const run = query({
      prompt: 'echo, then add',
      options: {
        env: harness.env,
        mcpServers: {
          calc,
          echo: {
            type: 'stdio',
            command: process.execPath,
            args: [ECHO_SERVER],
            env: { ECHO_LOG: log, ECHO_API_TOKEN: 'sk-echo-token-secret' },
          },
        },
        allowedTools: ['mcp__echo__echo', 'mcp__calc__add'],
      },
    });
    // The wire answer: the CLI's pid is not in the official type.
    const answer: InitializeResponse = await run.initializationResult();
    expect(answer['mcp_servers_applied']).toBe(true);
    // The CLI's argv as the OS shows it to every user of the machine (ps, /proc/<pid>/cmdline).
    const cmdline = readFileSync(`/proc/${String(answer.pid)}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('--await-initialize');
    for (const secret of ['sk-echo-token-secret', 'ECHO_LOG', ECHO_SERVER, '--mcp-config']) {
      expect(cmdline.join(' ')).not.toContain(secret);
    }
    const { messages, error } = await drain(run);
    expect(error).toBeUndefined();
    const init = messages.find((message) => message.type === 'system' && message.subtype === 'init') as
      | { mcp_servers?: Array<{ name: string; status: string }> }
      | undefined;
    expect(init?.mcp_servers?.find((server) => server.name === 'echo')?.status).toBe('connected');
    expect(readFileSync(log, 'utf8').trim()).toBe(JSON.stringify({ text: 'over stdin' }));
    expect(harness.server.toolResults().map((result) => resultText(result.content))).toEqual(['echo: over stdin', '5']);
    expect(results(messages).at(-1)?.subtype).toBe('success');
  });

  /** A CLI that answers initialize with its version, its pid and `answer`, and notes its argv and what it received. */
  function cliAnswering(answer: Record<string, unknown>) {
    return standInCli({
      version: '0.0.0-fake',
      initialize: { answer: 'minimal', fields: answer },
      onUser: [{ result: 'ran a turn' }],
    });
  }

  const SERVERS: Options['mcpServers'] = { db: { command: 'db-mcp', env: { DB_PASSWORD: 'sk-db-password' } } };

  it.each([
    ['a CLI too old to read them (no mcp_servers_applied)', {}, undefined],
    ['a CLI that declined them (mcp_servers_applied: false)', { mcp_servers_applied: false }, false],
  ])('%s: McpServersNotAppliedError, no prompt sent, the CLI stopped', async (_name, answer, applied) => {
    const cli = cliAnswering(answer);
    const { messages, error } = await within(
      drain(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: cli.path, mcpServers: SERVERS } })),
      10_000,
      'query',
    );
    expect(messages).toEqual([]);
    expect(McpServersNotAppliedError.isInstance(error)).toBe(true);
    expect((error as McpServersNotAppliedError).applied).toBe(applied);
    expect((error as McpServersNotAppliedError).cliVersion).toBe('0.0.0-fake');
    expect((error as Error).message).toContain("mcpServersDelivery: 'argv'");
    expect((error as Error).message).not.toContain('sk-db-password');
    const notes = cli.notes();
    expect(notes).toContain('received "control_request:initialize"');
    expect(notes).not.toContain('received "user"');
    expect(processExists(cli.pid())).toBe(false);

    const client = new ClaudeClient({ pathToClaudeCodeExecutable: cli.path, mcpServers: SERVERS });
    const connectError = await within(client.connect(), 10_000, 'connect()').catch((caught: unknown) => caught);
    expect(McpServersNotAppliedError.isInstance(connectError)).toBe(true);
    await client.close();
  });

  it("with mcpServersDelivery: 'argv' the same CLI gets them in --mcp-config and the session runs", async () => {
    const cli = cliAnswering({});
    const { messages, error } = await drain(
      query({
        prompt: 'hi',
        options: {
          pathToClaudeCodeExecutable: cli.path,
          mcpServers: SERVERS,
          mcpServersDelivery: 'argv',
        },
      }),
    );
    expect(error).toBeUndefined();
    expect(messages.map((message) => message.type)).toEqual(['result']);
    const argv = JSON.parse(cli.notes()[0]?.slice('argv '.length) ?? '[]') as string[];
    expect(argv).not.toContain('--await-initialize');
    const config = argv[argv.indexOf('--mcp-config') + 1];
    expect(JSON.parse(config ?? '{}')).toEqual({
      mcpServers: { db: { command: 'db-mcp', env: { DB_PASSWORD: 'sk-db-password' } } },
    });
  });
});

describe('option values reach the CLI verbatim, with no shell', () => {
  it('shell metacharacters and leading dashes arrive as written, and run nothing', async () => {
    const cwd = tempDir('hexagent-shell-');
    const nasty = `-x $(touch pwned1) \`touch pwned2\`; touch pwned3 | tee pwned4 && "q" 'q' \\ 中文`;
    const cli = standInCli({ onUser: [{ result: 'ok' }] });
    const { error } = await drain(
      query({
        prompt: nasty,
        options: {
          pathToClaudeCodeExecutable: cli.path,
          cwd,
          model: nasty,
          allowedTools: [`Bash(${nasty})`],
          extraArgs: { 'append-system-prompt': nasty },
        },
      }),
    );
    expect(error).toBeUndefined();
    const argv = JSON.parse(cli.notes()[0]?.slice('argv '.length) ?? '[]') as string[];
    expect(argv).toContain(`--model=${nasty}`);
    expect(argv).toContain(`--allowedTools=Bash(${nasty})`);
    expect(argv).toContain(`--append-system-prompt=${nasty}`);
    expect(readdirSync(cwd).filter((name) => name.startsWith('pwned'))).toEqual([]);
  });
});

describe('no error the user sees carries a value of options.env', () => {
  const SECRET = 'sk-very-secret';
  const env = { SECRET_TOKEN: SECRET, ANTHROPIC_API_KEY: `${SECRET}-api-key` };

  /** Every string reachable from an error: message, stack, string fields, causes. */
  function everyText(error: unknown, depth = 0): string {
    if (typeof error !== 'object' || error === null || depth > 4) return String(error);
    const record = error as Record<string, unknown>;
    const parts = [String(error), String(record['message']), String(record['stack'])];
    for (const value of Object.values(record)) {
      if (typeof value === 'string') parts.push(value);
      else if (Array.isArray(value)) parts.push(value.map(String).join(' '));
    }
    if ('cause' in record) parts.push(everyText(record['cause'], depth + 1));
    return parts.join('\n');
  }

  async function errorOf(options: Options): Promise<unknown> {
    const { error } = await within(drain(query({ prompt: 'hi', options: { ...options } })), 10_000, 'query');
    expect(error).toBeDefined();
    return error;
  }

  it('CliNotFoundError (a wrong executable path)', async () => {
    const error = await errorOf({ env, pathToClaudeCodeExecutable: join(tempDir(), 'no-such-claude') });
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect(everyText(error)).not.toContain(SECRET);
  });

  it('ProcessError (a failing spawn, and a CLI exiting non-zero) with its stderr tail', async () => {
    const spawnError = await errorOf({
      env,
      pathToClaudeCodeExecutable: standInCli().path,
      extraArgs: { huge: 'x'.repeat(300_000) },
    });
    expect(ProcessError.isInstance(spawnError)).toBe(true);
    expect(everyText(spawnError)).not.toContain(SECRET);

    const cli = standInCli({ onStart: [{ stderr: 'invalid credentials\n' }, { exit: 1 }] });
    const exitError = await errorOf({ env, pathToClaudeCodeExecutable: cli.path });
    expect(ProcessError.isInstance(exitError)).toBe(true);
    expect((exitError as ProcessError).stderrTail).toContain('invalid credentials');
    expect(everyText(exitError)).not.toContain(SECRET);
  });

  it('ControlTimeoutError and McpServersNotAppliedError', async () => {
    const silent = standInCli({ initialize: { answer: 'none' } });
    const timeout = await errorOf({
      env,
      pathToClaudeCodeExecutable: silent.path,
      controlRequestTimeoutMs: 200,
    });
    expect(ControlTimeoutError.isInstance(timeout)).toBe(true);
    expect(everyText(timeout)).not.toContain(SECRET);

    const old = standInCli();
    const notApplied = await errorOf({
      env,
      pathToClaudeCodeExecutable: old.path,
      mcpServers: { db: { command: 'db-mcp', env: { DB_PASSWORD: SECRET } } },
    });
    expect(McpServersNotAppliedError.isInstance(notApplied)).toBe(true);
    expect(everyText(notApplied)).not.toContain(SECRET);
    expect(existsSync(old.path)).toBe(true);
  });
});
