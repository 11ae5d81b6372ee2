import { describe, expect, it, vi } from 'vitest';
import { McpServersNotAppliedError } from '../errors/mcp-servers-not-applied-error.js';
import { requestInitialize } from './request-initialize.js';

function protocolAnswering(response: Record<string, unknown>) {
  return { request: vi.fn(async () => response) };
}

describe('requestInitialize', () => {
  it('sends initialize with the payload and the timeout, and resolves with the answer', async () => {
    const answer = { commands: [], claude_code_version: '2.1.0' };
    const protocol = protocolAnswering(answer);
    const payload = { systemPrompt: [''] };
    await expect(requestInitialize(protocol, payload, 1234)).resolves.toBe(answer);
    expect(protocol.request).toHaveBeenCalledWith('initialize', payload, { timeoutMs: 1234 });
  });

  it('with external servers, resolves once the CLI confirmed them', async () => {
    const answer = { mcp_servers_applied: true };
    const payload = { mcpServers: { echo: { type: 'stdio', command: 'x' } } };
    await expect(requestInitialize(protocolAnswering(answer), payload, 1)).resolves.toBe(answer);
  });

  it.each([
    ['says nothing (a CLI too old to read them)', {}, undefined],
    ['answers mcp_servers_applied: false', { mcp_servers_applied: false }, false],
  ])(
    'with external servers, rejects with McpServersNotAppliedError when the CLI %s',
    async (_name, answer, applied) => {
      const payload = { mcpServers: { echo: {}, other: {} } };
      const error = await requestInitialize(
        protocolAnswering({ ...answer, claude_code_version: '1.0.0' }),
        payload,
        1,
      ).catch((caught: unknown) => caught);
      expect(McpServersNotAppliedError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ serverNames: ['echo', 'other'], applied, cliVersion: '1.0.0' });
    },
  );

  it('passes a failed request on as is', async () => {
    const failure = new Error('no answer');
    const protocol = { request: vi.fn(async () => Promise.reject(failure)) };
    await expect(requestInitialize(protocol, {}, 1)).rejects.toBe(failure);
  });
});
