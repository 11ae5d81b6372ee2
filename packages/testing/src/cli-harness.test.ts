import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byPrompt } from './by-prompt.js';
import { startCliHarness } from './cli-harness.js';
import { collect, collectSettled, results, resultText } from './message-helpers.js';
import { text, toolUse } from './model-turn-helpers.js';
import type { RecordedRequest } from './recorded-request.js';

/** A main request whose last user message carries `content`. */
function requestSaying(content: RecordedRequest['body']['messages']): RecordedRequest {
  return {
    index: 0,
    method: 'POST',
    path: '/v1/messages',
    headers: {},
    body: { messages: content },
    rawBody: '',
    kind: 'main',
    exhausted: false,
  } as RecordedRequest;
}

async function* yielding<T>(items: T[], error?: Error): AsyncGenerator<T> {
  for (const item of items) yield item;
  if (error !== undefined) throw error;
}

describe('startCliHarness', () => {
  it('serves the script on loopback with a hermetic env for it, and dispose removes the home, once', async () => {
    const harness = await startCliHarness([{ content: [text('hi')] }]);
    expect(harness.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(harness.env['ANTHROPIC_BASE_URL']).toBe(harness.server.url);
    expect(harness.env['CLAUDE_CONFIG_DIR']).toBe(harness.configDir);
    expect(existsSync(harness.configDir)).toBe(true);
    const first = harness.dispose();
    expect(harness.dispose()).toBe(first);
    await first;
    expect(existsSync(harness.configDir)).toBe(false);
  });
});

describe('byPrompt', () => {
  const script = byPrompt({
    add: { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_add_1')] },
    'tool_result:add': { content: [text('3')] },
    echo: (request) => ({ content: [text(`seen ${request.body.messages?.length}`)] }),
  });

  it('answers by the key said last in the last user message, a function of the request included', () => {
    const said = (words: string) => script(requestSaying([{ role: 'user', content: words }]), 0);
    expect(said('please add')).toEqual({ content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_add_1')] });
    expect(said('add, then echo')).toEqual({ content: [text('seen 1')] });
    expect(said('nothing known')).toEqual({ content: [text('ok')] });
  });

  it('answers tool results by their tool_use_id, and `done` for an unknown one', () => {
    const results = (id: string) =>
      script(requestSaying([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '3' }] }]), 0);
    expect(results('toolu_add_1')).toEqual({ content: [text('3')] });
    expect(results('toolu_other')).toEqual({ content: [text('done')] });
  });
});

describe('message helpers', () => {
  it('collect keeps the order; collectSettled keeps what came before the error', async () => {
    expect(await collect(yielding([{ type: 'a' }, { type: 'result' }]))).toEqual([{ type: 'a' }, { type: 'result' }]);
    const boom = new Error('boom');
    expect(await collectSettled(yielding([{ type: 'a' }], boom))).toEqual({ messages: [{ type: 'a' }], error: boom });
    expect(await collectSettled(yielding([{ type: 'a' }]))).toEqual({ messages: [{ type: 'a' }], error: undefined });
  });

  it('results picks the result messages; resultText reads strings and text parts', () => {
    expect(results([{ type: 'assistant' }, { type: 'result', subtype: 'success' } as { type: string }])).toEqual([
      { type: 'result', subtype: 'success' },
    ]);
    expect(resultText('plain')).toBe('plain');
    expect(resultText([{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }])).toBe('ab');
    expect(resultText(undefined)).toBe('');
  });
});
