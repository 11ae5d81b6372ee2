import { CliNotFoundError, RELAY_CLOSE } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { spawnFailureOf } from './launch-failure.js';

describe('spawnFailureOf', () => {
  it("a CLI the relay cannot find: says what its operator does there, never the client's local option", () => {
    const failure = spawnFailureOf(new CliNotFoundError({ triedPaths: ['/usr/bin/claude'] }));
    expect(failure).toMatchObject({ reason: 'spawn_failed', code: RELAY_CLOSE.spawnFailed });
    expect(failure.message).toContain("relay's host");
    expect(failure.message).toContain('cliPath');
    expect(failure.message).not.toContain('pathToClaudeCodeExecutable');
  });

  it('a launcher that could not start for a file not found is the cwd gone, whatever error carries it', () => {
    const enoent = Object.assign(new Error('spawn /bin/sh ENOENT'), { code: 'ENOENT' });
    const failure = spawnFailureOf(new CliNotFoundError({ triedPaths: ['/bin/sh'], cause: enoent }));
    expect(failure.reason).toBe('cwd_not_allowed');
  });

  it('another failure keeps its message', () => {
    expect(spawnFailureOf(new Error('EMFILE')).message).toBe('EMFILE');
  });
});
