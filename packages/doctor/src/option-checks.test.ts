import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options } from '@hexagent/core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEnvironment, checkOptions, checkWorkingDirectory } from './option-checks.js';

const root = mkdtempSync(join(tmpdir(), 'hexagent-doctor-options-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkOptions', () => {
  it('accepts what query() accepts, and names the option query() would throw for', () => {
    expect(checkOptions({ model: 'claude-sonnet-4-5', maxTurns: 3 })).toEqual({
      name: 'Options',
      status: 'ok',
      detail: 'accepted',
    });
    // Checked by the transport when the session is made (the official SDK refuses it too).
    expect(checkOptions({ model: 'claude-sonnet-4-5', fallbackModel: 'claude-sonnet-4-5' })).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('fallbackModel'),
    });
    // A key neither SDK knows: both ignore it, the doctor warns as the query does.
    expect(checkOptions({ maxTurn: 3 } as unknown as Options)).toMatchObject({
      status: 'warning',
      detail:
        'Option "maxTurn" is ignored: neither the official SDK\'s Options type nor hexagent\'s has it. Did you mean "maxTurns"?',
    });
    // Checked by the session when it starts.
    expect(checkOptions({ mcpServersDelivery: 'stdin' } as unknown as Options)).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('mcpServersDelivery'),
    });
  });
});

describe('checkWorkingDirectory', () => {
  it('passes a directory or none, and fails anything else', () => {
    expect(checkWorkingDirectory(root)).toEqual({ name: 'Working directory', status: 'ok', detail: root });
    expect(checkWorkingDirectory(undefined).status).toBe('ok');
    expect(checkWorkingDirectory(join(root, 'missing'))).toMatchObject({
      status: 'problem',
      detail: `${join(root, 'missing')} is not an existing directory`,
    });
  });
});

describe('checkEnvironment', () => {
  it('fails an env without PATH (every tool that runs a program fails), naming the fix', () => {
    expect(checkEnvironment({ env: { ANTHROPIC_API_KEY: 'k' } })).toMatchObject({
      status: 'problem',
      detail: expect.stringMatching(/^options\.env has no PATH: the CLI starts, but its Bash tool/),
      fix: 'Pass `env: { ...process.env, ...yours }` to add variables.',
    });
    expect(checkEnvironment({ env: { PATH: '/usr/bin', A: '1', B: undefined } })).toEqual({
      name: 'Environment',
      status: 'ok',
      detail: 'options.env: 2 variables, PATH set',
    });
    expect(checkEnvironment({}).status).toBe('ok');
  });
});
