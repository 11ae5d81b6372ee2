/**
 * The `transport` option: a `TransportFactory` given per query or client, in place of the
 * container's `TRANSPORT_FACTORY`; what it refuses; and the entry points that honour it.
 */
import type { Options, TransportFactory, TransportLaunch } from '@hexagent/core';
import { assistantMessage, FakeCliTransport, fakeCliWiring, resultMessage } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaudeClient } from './claude-client.js';
import { createContainer } from './container.js';
import { InvalidOptionError, type SDKMessage } from './index.js';
import { query } from './query.js';
import { prewarm } from './warm/prewarm.js';
import { startup } from './warm/startup.js';

const wiring = fakeCliWiring(createContainer);
afterEach(() => wiring.closeAll());

/** A factory of fake CLIs, recording the options of each call. */
function fakeFactory(): { factory: TransportFactory; calls: TransportLaunch[]; made: FakeCliTransport[] } {
  const calls: TransportLaunch[] = [];
  const made: FakeCliTransport[] = [];
  const factory = wiring.factoryOf((launch) => {
    calls.push(launch);
    const fake = new FakeCliTransport({ autoInitialize: true, onEndInput: (cli) => cli.finish() });
    made.push(fake);
    return fake;
  });
  return { factory, calls, made };
}

/** A container whose registered factory must not be used: the option wins over it. */
function containerThatMustNotBeUsed() {
  return fakeCliWiring(createContainer).containerWith(() => {
    throw new Error('the container factory was used instead of options.transport');
  });
}

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('options.transport', () => {
  it('query(): the session gets its transport from the option, over the container, with its options', async () => {
    const { factory, calls, made } = fakeFactory();
    const options: Options = { transport: factory, model: 'claude-sonnet-4-5', maxTurns: 2 };
    const run = query({ prompt: 'hello', options }, containerThatMustNotBeUsed());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args).toEqual(expect.arrayContaining(['--model=claude-sonnet-4-5', '--max-turns=2']));
    const fake = made[0] as FakeCliTransport;
    const user = await fake.nextSent((message) => message.type === 'user');
    expect(user).toMatchObject({ message: { role: 'user', content: [{ type: 'text', text: 'hello' }] } });
    fake.emit(assistantMessage('hi'));
    fake.emit(resultMessage({ result: 'hi' }));
    const seen: SDKMessage[] = [];
    for await (const message of run) seen.push(message);
    expect(seen.map((message) => message.type)).toEqual(['assistant', 'result']);
    expect(fake.state.closed).toBe(true);
  });

  it('query() without a container: the option is used, the default CLI transport never is', async () => {
    const { factory, made } = fakeFactory();
    const run = query({ prompt: 'x', options: { transport: factory } });
    await (made[0] as FakeCliTransport).nextSent((message) => message.type === 'user');
    await run.close();
    expect(made).toHaveLength(1);
  });

  it('ClaudeClient: two turns over one transport from the option; close() stops it', async () => {
    const { factory, calls, made } = fakeFactory();
    const client = new ClaudeClient({ transport: factory }, containerThatMustNotBeUsed());
    await client.connect();
    const fake = made[0] as FakeCliTransport;
    for (const turn of ['one', 'two']) {
      await client.query(turn);
      const sent = await fake.nextSent((message) => message.type === 'user');
      expect((sent.message as { content: unknown }).content).toEqual([{ type: 'text', text: turn }]);
      fake.emit(assistantMessage(`answer ${turn}`));
      fake.emit(resultMessage({ result: `answer ${turn}` }));
      const texts: string[] = [];
      for await (const message of client.receiveResponse()) {
        if (message.type === 'result' && message.subtype === 'success') texts.push(message.result);
      }
      expect(texts).toEqual([`answer ${turn}`]);
    }
    expect(calls).toHaveLength(1);
    await client.close();
    expect(fake.state.closed).toBe(true);
  });

  it('startup() and prewarm() take their transport from the option too', async () => {
    const warm = fakeFactory();
    const started = await startup({ options: { transport: warm.factory } }, containerThatMustNotBeUsed());
    expect(warm.made).toHaveLength(1);
    expect(warm.made[0]?.state.started).toBe(true);
    started.close();
    await expect.poll(() => warm.made[0]?.state.closed).toBe(true);

    const spare = fakeFactory();
    const parked = await prewarm(
      { options: { transport: spare.factory, cwd: '/parking' } },
      containerThatMustNotBeUsed(),
    );
    expect(spare.calls).toHaveLength(1);
    expect(spare.calls[0]?.args).toContain('--await-claim');
    expect(spare.made[0]?.state.started).toBe(true);
    await parked.close();
    expect(spare.made[0]?.state.closed).toBe(true);
  });

  it('refuses a Transport instance, naming the way out, before anything starts', () => {
    const instance = new FakeCliTransport({ autoInitialize: true });
    const error = refusal(() => query({ prompt: 'x', options: { transport: instance as never } }));
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ option: 'transport' });
    expect((error as Error).message).toMatch(
      /not a Transport.*webSocketTransport\(\{ url, token \}\).*\(\) => transport/,
    );
    expect(instance.state.started).toBe(false);
  });

  it('refuses a value that is not a function', () => {
    const error = refusal(() => query({ prompt: 'x', options: { transport: 'ws://relay' as never } }));
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/must be a TransportFactory.*got string/);
  });

  it('refuses transport with spawnClaudeCodeProcess; the factory is never called', async () => {
    const { factory, calls } = fakeFactory();
    const options: Options = { transport: factory, spawnClaudeCodeProcess: () => ({}) as never };
    const error = refusal(() => query({ prompt: 'x', options }));
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/spawnClaudeCodeProcess/);
    const client = new ClaudeClient(options);
    await expect(client.connect()).rejects.toMatchObject({ code: 'INVALID_OPTION', option: 'transport' });
    expect(calls).toHaveLength(0);
  });
});
