/**
 * Security of the CLI transport: no shell anywhere, option values reach the CLI verbatim (in their
 * `--flag=value` element, or as the element after `--flag`, never where a flag could be read), external
 * MCP server configs stay off argv unless asked, and no error message carries a value of `options.env`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HexagentError, type Options } from '@hexagent/core';
import { isRunning } from '@hexagent/testing';
import { BASE_CLI_ARGS, buildCliArgs, CliNotFoundError, ProcessError } from '@hexagent/transport-kit';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CliTransport } from '../../src/cli-transport.js';
import { INFO, standInCli } from '../helpers/stand-in.js';
import { makeTempDir, removeTempDirs, writeExecutable } from '../helpers/temp-dirs.js';
import { transportFor as cliTransportFor } from '../helpers/transport-for.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const transports: CliTransport[] = [];

afterEach(async () => {
  for (const transport of transports.splice(0)) {
    await transport.close();
    if (transport.pid !== undefined) expect(isRunning(transport.pid)).toBe(false);
  }
});

afterAll(() => {
  removeTempDirs();
});

function transportFor(options: Options): CliTransport {
  const transport = cliTransportFor(options, { closeTimeoutMs: 500 });
  transports.push(transport);
  return transport;
}

/** Start a CLI that reports its argv, cwd and env with `options`, and return what it saw. */
async function infoOf(options: Options): Promise<{ argv: string[]; cwd: string; env: Record<string, string> }> {
  const transport = transportFor({ pathToClaudeCodeExecutable: standInCli(INFO), ...options });
  await transport.start();
  const first = await transport.messages()[Symbol.asyncIterator]().next();
  return first.value as unknown as { argv: string[]; cwd: string; env: Record<string, string> };
}

describe('no shell', () => {
  const sources = readdirSync(SRC)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(join(SRC, name), 'utf8') }));

  it('the source spawns in one place, with execa, an argv array and shell: false', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { name, text } of sources) {
      expect({ name, shellTrue: /shell:\s*true/.test(text) }).toEqual({ name, shellTrue: false });
      expect({
        name,
        exec: /\bexec(Sync|File|aCommand|aCommandSync|aSync|aNode)?\s*\(|spawnSync|fork\(|\$`/.test(text),
      }).toEqual({
        name,
        exec: false,
      });
      // No process is started with child_process: only through execa.
      expect({ name, childProcess: /node:child_process|'child_process'/.test(text) }).toEqual({
        name,
        childProcess: false,
      });
    }
    const spawners = sources.filter(({ text }) => /\bexeca\(/.test(text)).map((source) => source.name);
    expect(spawners).toEqual(['spawn-cli.ts']);
    const spawner = sources.find(({ name }) => name === 'spawn-cli.ts');
    const calls = spawner?.text.match(/\bexeca\(([^)]*)\)?/g) ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^execa\(command\.file, \[\.\.\.command\.args, \.\.\.spec\.args\], \{$/m);
    expect(spawner?.text).toMatch(/shell: false/);
    expect(spawner?.text).toMatch(/extendEnv: false/);
  });

  it('shell metacharacters in every option that becomes a flag arrive verbatim, and run nothing', async () => {
    const cwd = makeTempDir('hexagent-shell-cwd-');
    const nasty = `$(touch pwned1) \`touch pwned2\` ; touch pwned3 && touch pwned4 | cat > pwned5 'q' "dq" \\ * ? ~ 中文 \n next`;
    const options: Options = {
      cwd,
      model: nasty,
      fallbackModel: `${nasty} fallback`,
      resume: nasty,
      settings: `${cwd}/settings $(touch pwned6).json`,
      additionalDirectories: [nasty],
      allowedTools: ['Bash(rm -rf / ; touch pwned7)'],
      extraArgs: { debug: nasty },
      mcpServersDelivery: 'argv',
      mcpServers: { ext: { command: 'x; touch pwned8', args: ['$(touch pwned9)'], env: { V: '`touch pwned10`' } } },
    };
    const { argv } = await infoOf(options);
    expect(argv.slice(0, BASE_CLI_ARGS.length)).toEqual([...BASE_CLI_ARGS]);
    expect(argv).toContain(`--model=${nasty}`);
    expect(argv).toContain(`--fallback-model=${nasty} fallback`);
    expect(argv).toContain(`--resume=${nasty}`);
    expect(argv[argv.indexOf('--settings') + 1]).toBe(`${cwd}/settings $(touch pwned6).json`);
    expect(argv).toContain(`--add-dir=${nasty}`);
    expect(argv).toContain('--allowedTools=Bash(rm -rf / ; touch pwned7)');
    expect(argv[argv.indexOf('--debug') + 1]).toBe(nasty);
    const mcp = argv[argv.indexOf('--mcp-config') + 1];
    expect(JSON.parse(mcp ?? '{}')).toEqual({
      mcpServers: {
        ext: { command: 'x; touch pwned8', args: ['$(touch pwned9)'], env: { V: '`touch pwned10`' } },
      },
    });
    // What the transport built is exactly what the process got: one element per flag.
    expect(argv).toEqual(buildCliArgs(options));
    expect(readdirSync(cwd).filter((name) => name.startsWith('pwned'))).toEqual([]);
  });
});

describe('values that start with "-"', () => {
  it('stay inside their --flag=value element for every flag with a value', async () => {
    const options: Options = {
      model: '-m',
      fallbackModel: '--dangerously-skip-permissions',
      resume: '-r',
      resumeSessionAt: '--help',
      settings: '-s.json',
      additionalDirectories: ['-d'],
      allowedTools: ['-a'],
      disallowedTools: ['--print'],
      tools: ['-t'],
      betas: ['-b' as 'context-1m-2025-08-07'],
      permissionPromptToolName: '-p',
      extraArgs: { debug: '-x' },
    };
    const { argv } = await infoOf(options);
    const extra = argv.slice(BASE_CLI_ARGS.length);
    // Every element is a --flag or a --flag=value: no value ever stands alone to be read as a flag.
    for (const arg of extra) expect(arg).toMatch(/^--[A-Za-z][A-Za-z-]*(=.*)?$/s);
    for (const expected of [
      '--model=-m',
      '--fallback-model=--dangerously-skip-permissions',
      '--resume=-r',
      '--resume-session-at=--help',
      '--settings=-s.json',
      '--add-dir=-d',
      '--allowedTools=-a',
      '--disallowedTools=--print',
      '--tools=-t',
      '--betas=-b',
      '--permission-prompt-tool=-p',
      '--debug=-x',
    ]) {
      expect(extra).toContain(expected);
    }
    expect(extra).not.toContain('--dangerously-skip-permissions');
    expect(extra).not.toContain('--help');
    expect(extra).not.toContain('--print');
  });
});

describe('external MCP server configs', () => {
  it("stay off the command line by default ('initialize'): only --await-initialize is added", async () => {
    const { argv } = await infoOf({
      mcpServers: {
        db: { command: 'db-server', env: { DB_PASSWORD: 'sk-db-password' } },
        api: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer sk-bearer' } },
      },
    });
    expect(argv).toContain('--await-initialize');
    const all = argv.join('\n');
    for (const secret of ['sk-db-password', 'sk-bearer', 'db-server', 'api.example.com', '--mcp-config']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('no error message carries a value of options.env', () => {
  const SECRET = 'sk-very-secret-0123456789';
  const env = { SECRET_TOKEN: SECRET, ANTHROPIC_API_KEY: SECRET };

  /** Every string an error exposes: message, toString, stack, own string fields, and its causes'. */
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

  async function startError(options: Options): Promise<unknown> {
    return transportFor({ env, ...options })
      .start()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
  }

  it('CliNotFoundError for a missing executable', async () => {
    const error = await startError({ pathToClaudeCodeExecutable: '/nonexistent/claude-xyz' });
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect(everyText(error)).not.toContain(SECRET);
  });

  it('CliNotFoundError for a file that cannot be run', async () => {
    const path = writeExecutable(join(makeTempDir(), 'claude'), '#!/nonexistent/interpreter\n', 0o755);
    const error = await startError({ pathToClaudeCodeExecutable: path });
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect(everyText(error)).not.toContain(SECRET);
  });

  it('ProcessError for a spawn the OS refuses (an argument list too long)', async () => {
    const path = standInCli(INFO);
    const error = await startError({ pathToClaudeCodeExecutable: path, extraArgs: { big: 'x'.repeat(300_000) } });
    expect(ProcessError.isInstance(error)).toBe(true);
    expect(everyText(error)).not.toContain(SECRET);
  });

  it('ProcessError for a CLI that exits non-zero, and its stderr tail', async () => {
    const path = standInCli({ onStart: [{ stderr: 'auth failed for this key\n' }, { exit: 1 }] });
    const transport = transportFor({ env, pathToClaudeCodeExecutable: path });
    await transport.start();
    let error: unknown;
    try {
      for await (const _ of transport.messages()) {
        // drain
      }
    } catch (caught) {
      error = caught;
    }
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).stderrTail).toContain('auth failed');
    expect(everyText(error)).not.toContain(SECRET);
    expect(HexagentError.isInstance(error)).toBe(true);
  });
});

describe('a write that hits a broken pipe', () => {
  it("waits for the CLI's exit, so its ProcessError carries the exit code and the stderr tail", async () => {
    const path = standInCli({
      onStart: [
        { close: ['stdin'] },
        { send: { type: 'ready' } },
        { stderr: 'fatal: out of memory\n' },
        { sleep: 150 },
        { exit: 5 },
      ],
    });
    const transport = transportFor({ pathToClaudeCodeExecutable: path });
    await transport.start();
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ready' });
    let error: unknown;
    for (let i = 0; i < 50 && error === undefined; i++) {
      error = await transport.send({ type: 'data', payload: 'x'.repeat(64 * 1024) }).catch((caught: unknown) => caught);
    }
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(5);
    expect((error as ProcessError).message).toContain('exited with code 5');
    expect((error as ProcessError).stderrTail).toContain('fatal: out of memory');
    expect(existsSync(path)).toBe(true);
  });
});
