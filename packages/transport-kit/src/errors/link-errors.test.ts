import { TransportError, TransportStartError } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { CliNotFoundError } from './cli-not-found-error.js';
import { LinkLostError } from './link-lost-error.js';
import { LinkRefusedError } from './link-refused-error.js';
import { LinkUnreachableError } from './link-unreachable-error.js';
import { spawnFailure } from './spawn-failure.js';
import { UnsupportedCliVersionError } from './unsupported-cli-version-error.js';

describe('the errors of a remote link', () => {
  it('LinkLostError: a TransportError (not a start error) naming the peer and the close code', () => {
    const error = new LinkLostError({ peer: 'daemon', closeCode: 1006 });
    expect(error.code).toBe('LINK_LOST');
    expect(error.message).toBe('The connection to the daemon was lost (close code 1006); the CLI was stopped');
    expect(error.closeCode).toBe(1006);
    expect(error.closeReason).toBe('');
    expect(TransportError.isInstance(error)).toBe(true);
    expect(TransportStartError.isInstance(error)).toBe(false);
    expect(new LinkLostError({ peer: 'far side', closeReason: 'heartbeat missed' }).message).toContain(
      'far side was lost (heartbeat missed)',
    );
  });

  it('LinkRefusedError and LinkUnreachableError: start errors, told apart by their codes and markers', () => {
    const refused = new LinkRefusedError({ peer: 'daemon', reason: 'unauthorized', detail: 'wrong token' });
    const cause = Object.assign(new Error('connect ECONNREFUSED /tmp/d.sock'), { code: 'ECONNREFUSED' });
    const unreachable = new LinkUnreachableError({ peer: 'daemon', address: '/tmp/d.sock', cause });
    expect(refused.code).toBe('LINK_REFUSED');
    expect(refused.message).toBe('The daemon refused to start the CLI (unauthorized): wrong token');
    expect(unreachable.code).toBe('LINK_UNREACHABLE');
    expect(unreachable.message).toBe('Could not reach the daemon at /tmp/d.sock: connect ECONNREFUSED /tmp/d.sock');
    for (const error of [refused, unreachable]) {
      expect(TransportStartError.isInstance(error)).toBe(true);
      // Nothing about a local CLI applies to a remote one.
      expect(error.message).not.toContain('pathToClaudeCodeExecutable');
    }
    expect(LinkRefusedError.isInstance(unreachable)).toBe(false);
    expect(LinkUnreachableError.isInstance(refused)).toBe(false);
    expect(LinkLostError.isInstance(refused)).toBe(false);
  });

  it('a subclass keeps its own code and is still recognised as the kit error (another bundle too)', () => {
    class RelayLost extends LinkLostError {
      override readonly code = 'RELAY_LOST' as const;
    }
    const error = new RelayLost({ peer: 'relay', closeCode: 4408, closeReason: 'idle' });
    expect(error.code).toBe('RELAY_LOST');
    expect(LinkLostError.isInstance(error)).toBe(true);
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('hexagent.error.LinkLostError')]).toBe(true);
  });

  it("the errors about a far side's CLI say what to check there, never a local option", () => {
    const errors = [
      new CliNotFoundError({ triedPaths: ['claude'], remote: true }),
      spawnFailure(Object.assign(new Error('spawn claude ENOENT'), { code: 'ENOENT' }), 'claude', 'far-side-cli'),
      new UnsupportedCliVersionError({ found: '2.0.0', minimum: '2.1.0', cliPath: 'ssh box claude', remote: true }),
    ];
    for (const error of errors) {
      expect(error.message).toMatch(/far side|where it runs/);
      expect(error.message).not.toContain('pathToClaudeCodeExecutable');
    }
    // A local CLI's error still names the option that fixes it.
    expect(new CliNotFoundError({ triedPaths: ['claude'] }).message).toContain('pathToClaudeCodeExecutable');
  });
});
