import { describe, expect, it } from 'vitest';
import { needsApproval } from './approval-rule.js';

const call = (toolName: string, input: Record<string, unknown> = {}) => ({
  toolName,
  input,
  sessionId: 's',
  toolUseId: 't',
});

describe('needsApproval', () => {
  it('gates the listed tools (exact names and prefixes), then asks `when`', async () => {
    const rule = {
      tools: ['Bash', 'mcp__ops__*'],
      when: ({ input }: { input: Record<string, unknown> }) => input.safe !== true,
    };
    expect(await needsApproval(rule, call('Bash'))).toBe(true);
    expect(await needsApproval(rule, call('Bash', { safe: true }))).toBe(false);
    expect(await needsApproval(rule, call('mcp__ops__deploy'))).toBe(true);
    expect(await needsApproval(rule, call('mcp__opsx__deploy'))).toBe(false);
    expect(await needsApproval(rule, call('Read'))).toBe(false);
  });

  it('gates every tool without `tools`, every call of a listed tool without `when`, and awaits an async `when`', async () => {
    expect(await needsApproval({}, call('Read'))).toBe(true);
    expect(await needsApproval({ tools: ['Read'] }, call('Read'))).toBe(true);
    expect(await needsApproval({ when: async ({ toolName }) => toolName === 'Write' }, call('Write'))).toBe(true);
    expect(await needsApproval({ when: async () => 'yes' as unknown as boolean }, call('Write'))).toBe(false);
  });
});
