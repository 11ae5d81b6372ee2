/**
 * The error classes of the CLI transport: `CliNotFoundError` (a `TransportStartError`) and
 * `ProcessError` (a `TransportError`), with stable codes and cross-bundle `isInstance` checks.
 */
import {
  AbortError,
  HexagentError,
  TransportClosedError,
  TransportError,
  TransportInputClosedError,
  TransportStartError,
} from '@hexagent/core';
import { CliNotFoundError, ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';

// What another copy of the package would declare: the same registered symbols.
const FOREIGN_BASE_MARKER = Symbol.for('hexagent.error');
const FOREIGN_CLI_NOT_FOUND_MARKER = Symbol.for('hexagent.error.CliNotFoundError');

interface ErrorClass {
  name: string;
  isInstance(error: unknown): boolean;
}

const cases = [
  {
    cls: CliNotFoundError as ErrorClass,
    make: (): HexagentError => new CliNotFoundError({ triedPaths: ['/usr/bin/claude'] }),
    code: 'CLI_NOT_FOUND',
    instanceOf: [HexagentError, TransportError, TransportStartError] as ErrorClass[],
  },
  {
    cls: ProcessError as ErrorClass,
    make: (): HexagentError => new ProcessError({ exitCode: 1, stderrTail: 'boom' }),
    code: 'PROCESS_ERROR',
    instanceOf: [HexagentError, TransportError] as ErrorClass[],
  },
];

const others: ErrorClass[] = [AbortError, TransportClosedError, TransportInputClosedError, TransportStartError];

describe.each(cases)('$cls.name', ({ cls, make, code, instanceOf }) => {
  it('has its stable code and its class name', () => {
    const error = make();
    expect(error.code).toBe(code);
    expect(error.name).toBe(cls.name);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(HexagentError);
    expect(error).toBeInstanceOf(cls as unknown as new (...args: never[]) => unknown);
    expect(String(error)).toContain(cls.name);
  });

  it('isInstance: true for its class and the classes it extends; false for the others', () => {
    const error = make();
    expect(cls.isInstance(error)).toBe(true);
    for (const base of instanceOf)
      expect({ base: base.name, result: base.isInstance(error) }).toEqual({ base: base.name, result: true });
    for (const other of [...others, ...cases.map((c) => c.cls)]) {
      if (other === cls || instanceOf.includes(other)) continue;
      expect({ class: other.name, result: other.isInstance(error) }).toEqual({ class: other.name, result: false });
    }
  });

  it('isInstance: false for plain errors and non-errors', () => {
    for (const value of [new Error('x'), { code }, code, null, undefined, 42])
      expect(cls.isInstance(value)).toBe(false);
  });

  it('isInstance works across a duplicated bundle (Symbol.for markers, foreign prototype)', () => {
    const original = make();
    const foreign = Object.create(Error.prototype) as Record<symbol, unknown>;
    for (const key of Object.getOwnPropertySymbols(original)) {
      foreign[key] = (original as unknown as Record<symbol, unknown>)[key];
    }
    expect(foreign).not.toBeInstanceOf(cls as unknown as new (...args: never[]) => unknown);
    expect(cls.isInstance(foreign)).toBe(true);
    expect(HexagentError.isInstance(foreign)).toBe(true);
    expect(TransportError.isInstance(foreign)).toBe(true);
  });
});

describe('markers', () => {
  it('are registered symbols (Symbol.for), so a second copy of the package recognises them', () => {
    const error = new ProcessError({ exitCode: 2 });
    const keys = Object.getOwnPropertySymbols(error).map((symbol) => Symbol.keyFor(symbol));
    expect(keys).toEqual(expect.arrayContaining(['hexagent.error', 'hexagent.error.ProcessError']));
  });

  it('a hand-made foreign object with only the right Symbol.for markers is recognised', () => {
    class ForeignCliNotFoundError extends Error {
      readonly [FOREIGN_BASE_MARKER] = true;
      readonly [FOREIGN_CLI_NOT_FOUND_MARKER] = true;
    }
    const foreign = new ForeignCliNotFoundError('from another bundle');
    expect(CliNotFoundError.isInstance(foreign)).toBe(true);
    expect(HexagentError.isInstance(foreign)).toBe(true);
    expect(ProcessError.isInstance(foreign)).toBe(false);
    expect(foreign instanceof CliNotFoundError).toBe(false);
  });
});

describe('messages and fields', () => {
  it('CliNotFoundError lists every tried path and says how to install', () => {
    const error = new CliNotFoundError({ triedPaths: ['/opt/claude', 'claude (PATH)', '~/.claude/local/claude'] });
    expect(error.triedPaths).toEqual(['/opt/claude', 'claude (PATH)', '~/.claude/local/claude']);
    for (const path of error.triedPaths) expect(error.message).toContain(path);
    expect(error.message).toContain('npm install @anthropic-ai/claude-code');
    expect(error.message).toContain('pathToClaudeCodeExecutable');
  });

  it('CliNotFoundError tells a bundled app where the CLI is looked for and how to point at it', () => {
    const error = new CliNotFoundError({ triedPaths: ['/srv/node_modules/@anthropic-ai/claude-code'] });
    expect(error.message).toMatch(/bundled app .*node_modules.*set `pathToClaudeCodeExecutable`/s);
  });

  it('CliNotFoundError gives the fix, then the paths (none when nothing was tried), and honours a custom message and cause', () => {
    expect(new CliNotFoundError({ triedPaths: [] }).message).not.toContain('Looked at');
    expect(new CliNotFoundError({ triedPaths: ['/a/claude'] }).message).toMatch(
      /^Claude Code CLI not found\. Install it with `npm install @anthropic-ai\/claude-code`.*Looked at: \/a\/claude\.$/,
    );
    const cause = new Error('ENOENT');
    const custom = new CliNotFoundError({ triedPaths: ['x'], message: 'custom', cause });
    expect(custom.message).toBe('custom');
    expect(custom.cause).toBe(cause);
  });

  it('ProcessError includes the exit code and the stderr tail', () => {
    const error = new ProcessError({ exitCode: 3, stderrTail: 'Error: invalid API key\nat line 2' });
    expect(error.exitCode).toBe(3);
    expect(error.signal).toBeUndefined();
    expect(error.stderrTail).toBe('Error: invalid API key\nat line 2');
    expect(error.message).toBe('Claude Code process exited with code 3. stderr: Error: invalid API key\nat line 2');
  });

  it('ProcessError names the signal when the process was killed, and has no stderr section when empty', () => {
    const killed = new ProcessError({ signal: 'SIGKILL', exitCode: 137 });
    // The official SDK's words, which programs match on.
    expect(killed.message).toBe('Claude Code process terminated by signal SIGKILL');
    expect(killed.message).not.toContain('stderr');
    expect(killed.stderrTail).toBe('');
    expect(new ProcessError({}).message).toContain('failed');
  });

  it('ProcessError gives its exit code to TransportError.exitCode, which the Session reads', () => {
    expect((new ProcessError({ exitCode: 4 }) as TransportError).exitCode).toBe(4);
    expect(new ProcessError({ signal: 'SIGTERM' }).exitCode).toBeUndefined();
  });
});
