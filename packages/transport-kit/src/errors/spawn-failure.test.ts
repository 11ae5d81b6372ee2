import { TransportStartError } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { CliNotFoundError } from './cli-not-found-error.js';
import { CommandNotFoundError } from './command-not-found-error.js';
import { ProcessError } from './process-error.js';
import { spawnFailure } from './spawn-failure.js';

const enoent = Object.assign(new Error('spawn ssh ENOENT'), { code: 'ENOENT' });

describe('spawnFailure', () => {
  it('names a missing wrapper command, and says nothing of installing the CLI', () => {
    const error = spawnFailure(enoent, 'ssh', 'wrapper');
    expect(CommandNotFoundError.isInstance(error)).toBe(true);
    expect(TransportStartError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'COMMAND_NOT_FOUND', command: 'ssh' });
    expect(error.message).toContain('"ssh"');
    expect(error.message).not.toContain('@anthropic-ai/claude-code');
  });

  it('says how to install the CLI when the CLI itself cannot be run', () => {
    const error = spawnFailure(enoent, '/x/claude', 'cli');
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toContain('@anthropic-ai/claude-code');
  });

  it('says what to check on the far side, never a local option, for a CLI a daemon starts', () => {
    const error = spawnFailure(enoent, 'claude', 'far-side-cli');
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toContain('on the far side');
    expect(error.message).not.toContain('pathToClaudeCodeExecutable');
  });

  it('is a ProcessError for another refusal', () => {
    const error = spawnFailure(Object.assign(new Error('no'), { code: 'E2BIG' }), 'ssh', 'wrapper');
    expect(ProcessError.isInstance(error)).toBe(true);
    expect(error.message).toContain('"ssh"');
  });
});
