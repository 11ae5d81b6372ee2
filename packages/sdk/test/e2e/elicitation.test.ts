import { fileURLToPath } from 'node:url';
import { type ElicitationRequest, type OnElicitation, type Options, query } from '@hexagent/sdk';
import { collect, results, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

const server = fileURLToPath(new URL('./fixtures/elicitation-mcp-server.mjs', import.meta.url));

/** One turn in which the model calls the external server's `tool`, which elicits; returns what the model got. */
async function elicitThrough(tool: 'ask' | 'askurl', options: Options): Promise<string> {
  const harness = await scope.startCliHarness([
    { content: [toolUse(`mcp__ext__${tool}`, {}, 'toolu_elicit')] },
    { content: [text('done')] },
  ]);
  const messages = await collect(
    query({
      prompt: 'elicit',
      options: {
        env: harness.env,
        mcpServers: { ext: { type: 'stdio', command: process.execPath, args: [server] } },
        allowedTools: ['mcp__ext__ask', 'mcp__ext__askurl'],
        ...options,
      },
    }),
  );
  expect(results(messages).at(-1)?.subtype).toBe('success');
  const [seen] = harness.server.toolResults();
  return resultText(seen?.content);
}

describe('MCP elicitation against the real CLI', () => {
  it('a form: onElicitation gets the official request and the MCP server receives exactly its answer', async () => {
    const onElicitation = vi.fn<OnElicitation>(async () => ({
      action: 'accept',
      content: { name: 'Alice', age: 30 },
    }));
    const got = await elicitThrough('ask', { onElicitation });
    expect(got).toBe('elicitation result: {"action":"accept","content":{"name":"Alice","age":30}}');
    expect(onElicitation).toHaveBeenCalledTimes(1);
    const [request, context] = onElicitation.mock.calls[0] ?? [];
    expect(request).toEqual<ElicitationRequest>({
      serverName: 'ext',
      message: 'What is your name?',
      mode: 'form',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name' }, age: { type: 'number' } },
        required: ['name'],
      },
    });
    expect(context?.requestId).toEqual(expect.any(String));
    expect(context?.signal.aborted).toBe(false);
  });

  it('a URL: onElicitation gets url and elicitationId, and its accept reaches the server', async () => {
    const onElicitation = vi.fn<OnElicitation>(async () => ({ action: 'accept' }));
    const got = await elicitThrough('askurl', { onElicitation });
    expect(got).toBe('url elicitation result: {"action":"accept"}');
    expect(onElicitation.mock.calls[0]?.[0]).toEqual<ElicitationRequest>({
      serverName: 'ext',
      message: 'Please authorize',
      mode: 'url',
      url: 'https://example.invalid/auth',
      elicitationId: 'elic-1',
    });
  });

  it('without onElicitation the elicitation is declined', async () => {
    expect(await elicitThrough('ask', {})).toBe('elicitation result: {"action":"decline"}');
  });

  it('an onElicitation that throws declines', async () => {
    const got = await elicitThrough('ask', {
      onElicitation: async () => {
        throw new Error('form renderer crashed');
      },
    });
    expect(got).toBe('elicitation result: {"action":"decline"}');
  });
});
