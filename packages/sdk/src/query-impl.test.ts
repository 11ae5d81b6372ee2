/**
 * When `query()` ends the CLI's input, on the fake CLI reporting its state as 2.1.332 does: a
 * string prompt and an iterable that ends keep it open past the `result` while the CLI runs (a
 * background subagent's follow-up turn asks `canUseTool`), until `idle` or the ceiling that
 * `CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS` in `options.env` sets; `ClaudeClient` never ends it.
 */
import { ManualClock } from '@hexagent/core';
import { FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaudeClient } from './claude-client.js';
import { createContainer, type DependencyContainer } from './container.js';
import type { Options, SDKMessage, SDKUserMessage } from './index.js';
import { CLOCK } from './index.js';
import { query } from './query.js';

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());

function containerWith(fake: FakeCliTransport, clock?: ManualClock): DependencyContainer {
  const container = wiring.containerWith(fake);
  if (clock !== undefined) container.register(CLOCK, { useValue: clock });
  return container;
}

const asked: string[] = [];
const options: Options = {
  canUseTool: async (name, input) => {
    asked.push(name);
    return { behavior: 'allow', updatedInput: input };
  },
};

/** The CLI's side of the story: the first turn, then, past its result, a follow-up turn that asks canUseTool. */
async function playBackgroundRun(fake: FakeCliTransport): Promise<void> {
  await fake.nextSent((message) => message.type === 'user');
  fake.emitSessionState('running');
  fake.emit(resultMessage({ session_id: 's', result: 'started it, waiting' }));
  await new Promise((resolve) => setImmediate(resolve));
  expect(fake.state.inputEnded).toBe(false);
  const answer = await fake.emitControlRequest('can_use_tool', {
    tool_name: 'mcp__calc__add',
    input: { a: 15, b: 27 },
    tool_use_id: 'toolu_add',
  });
  expect(answer).toMatchObject({ subtype: 'success', response: { behavior: 'allow' } });
  fake.emit(resultMessage({ session_id: 's', result: 'answer=42' }));
  await new Promise((resolve) => setImmediate(resolve));
  expect(fake.state.inputEnded).toBe(false);
  fake.emitSessionState('idle');
  await expect.poll(() => fake.state.inputEnded).toBe(true);
  fake.finish();
}

async function drain(run: AsyncIterable<SDKMessage>): Promise<string[]> {
  const texts: string[] = [];
  for await (const message of run)
    if (message.type === 'result' && message.subtype === 'success') texts.push(message.result);
  return texts;
}

describe('query(): the input past a result while the CLI runs', () => {
  it('a string prompt: open until idle, the follow-up’s canUseTool answered', async () => {
    asked.length = 0;
    const fake = new FakeCliTransport({ autoInitialize: true });
    const texts = drain(query({ prompt: 'Start a subagent in the background.', options }, containerWith(fake)));
    await playBackgroundRun(fake);
    expect(await texts).toEqual(['started it, waiting', 'answer=42']);
    expect(asked).toEqual(['mcp__calc__add']);
  });

  it('an iterable that ends: open until idle, the follow-up’s canUseTool answered', async () => {
    asked.length = 0;
    const fake = new FakeCliTransport({ autoInitialize: true });
    async function* prompt(): AsyncGenerator<SDKUserMessage> {
      yield { type: 'user', message: { role: 'user', content: 'go' }, parent_tool_use_id: null, session_id: '' };
    }
    const texts = drain(query({ prompt: prompt(), options }, containerWith(fake)));
    await playBackgroundRun(fake);
    expect(await texts).toEqual(['started it, waiting', 'answer=42']);
    expect(asked).toEqual(['mcp__calc__add']);
  });

  it('the ceiling comes from CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS in options.env', async () => {
    const clock = new ManualClock();
    const fake = new FakeCliTransport({ autoInitialize: true });
    const run = query(
      { prompt: 'go', options: { ...options, env: { CLAUDE_CODE_PRINT_BG_WAIT_CEILING_MS: '5000' } } },
      containerWith(fake, clock),
    );
    const texts = drain(run);
    await fake.nextSent((message) => message.type === 'user');
    fake.emitSessionState('running');
    fake.emit(resultMessage({ session_id: 's', result: 'started it, waiting' }));
    await expect.poll(() => clock.pendingTimers).toBeGreaterThan(0);
    clock.advance(4999);
    expect(fake.state.inputEnded).toBe(false);
    clock.advance(1);
    expect(fake.state.inputEnded).toBe(true);
    fake.finish();
    expect(await texts).toEqual(['started it, waiting']);
  });
});

describe('ClaudeClient: the input stays open until close()', () => {
  it('a follow-up turn after idle is still served', async () => {
    asked.length = 0;
    const fake = new FakeCliTransport({ autoInitialize: true });
    const client = new ClaudeClient(options, containerWith(fake));
    await client.connect();
    await client.query('Start a subagent in the background.');
    fake.emitSessionState('running');
    fake.emit(resultMessage({ session_id: 's', result: 'started it, waiting' }));
    fake.emitSessionState('idle');
    for await (const _ of client.receiveResponse());
    await fake.emitControlRequest('can_use_tool', { tool_name: 'Bash', input: {}, tool_use_id: 'toolu_bash' });
    expect(asked).toEqual(['Bash']);
    expect(fake.state.inputEnded).toBe(false);
    await client.close();
  });
});
