/**
 * `sessionStore` in a Session on the in-memory fake transport: transcript frames reach the store,
 * each `result` waits for the flush (the messages after it wait behind it), eager mode, a failing
 * store (mirror_error, the session goes on), the flush when the session ends.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachTransportMode } from '../../test/helpers/each-transport-mode.js';
import { deferred, FakeTransport, flush, resultMessage } from '../../test/helpers/fakes.js';
import { InMemorySessionStore } from '../session-store/in-memory-session-store.js';
import type { InboundMessage } from '../types/control.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { Options } from '../types/options.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from '../types/session-store/session-store.js';
import { Session } from './session.js';

const PROJECTS = '/cfg/projects';
const MAIN = `${PROJECTS}/-work/s1.jsonl`;
const SUB = `${PROJECTS}/-work/s1/subagents/agent-a1.jsonl`;
const sessions: Session[] = [];

function frame(filePath: string, ...uuids: string[]): InboundMessage {
  return { type: 'transcript_mirror', filePath, entries: uuids.map((uuid) => ({ type: 'user', uuid })) };
}

async function running(
  options: Options,
): Promise<{ session: Session; transport: FakeTransport; seen: SDKMessage[]; ended: Promise<void> }> {
  const transport = new FakeTransport();
  const session = new Session({ transport, options, mirrorProjectsDir: () => PROJECTS });
  sessions.push(session);
  await session.start();
  await transport.answer('initialize', {});
  const seen: SDKMessage[] = [];
  const ended = (async () => {
    for await (const message of session.messages()) seen.push(message);
  })().catch(() => {});
  return { session, transport, seen, ended };
}

const uuidsOf = (entries: SessionStoreEntry[]) => entries.map((entry) => entry.uuid);
const kinds = (seen: SDKMessage[]) => seen.map((m) => ('subtype' in m ? `${m.type}/${m.subtype}` : m.type));
const assistant: InboundMessage = { type: 'assistant', message: { content: [] }, session_id: 's1', uuid: 'a' };

afterEach(async () => {
  vi.useRealTimers();
  for (const session of sessions.splice(0)) await session.close();
});

describeEachTransportMode('sessionStore', () => {
  it('appends the frames of a turn, keyed by file, before the result is yielded', async () => {
    const store = new InMemorySessionStore();
    const appended: SessionKey[] = [];
    const spy: SessionStore = {
      append: async (key, entries) => {
        appended.push(key);
        await store.append(key, entries);
      },
      load: (key) => store.load(key),
    };
    const { transport, seen } = await running({ sessionStore: spy });
    transport.emit(frame(MAIN, 'u1'));
    transport.emit(frame(SUB, 'x1'));
    transport.emit(frame(MAIN, 'u2'));
    await flush();
    expect(appended).toEqual([]);
    transport.emit(resultMessage());
    await vi.waitFor(() => expect(kinds(seen)).toEqual(['result/success']));
    expect(appended).toEqual([
      { projectKey: '-work', sessionId: 's1' },
      { projectKey: '-work', sessionId: 's1', subpath: 'subagents/agent-a1' },
    ]);
    expect(uuidsOf(store.getEntries({ projectKey: '-work', sessionId: 's1' }))).toEqual(['u1', 'u2']);
  });

  it('holds the result, and what follows it, until the append settles; control requests are not held', async () => {
    const gate = deferred();
    const store: SessionStore = { append: () => gate.promise, load: async () => null };
    const { transport, seen } = await running({ sessionStore: store });
    transport.emit(assistant);
    transport.emit(frame(MAIN, 'u1'));
    transport.emit(resultMessage());
    transport.emit({ type: 'system', subtype: 'status', status: null, session_id: 's1', uuid: 'b' });
    transport.emit({ type: 'control_request', request_id: 'r1', request: { subtype: 'no_such_request' } });
    await flush();
    await vi.waitFor(() => expect(transport.controlResponses()).toHaveLength(1));
    expect(kinds(seen)).toEqual(['assistant']);
    gate.resolve();
    await vi.waitFor(() => expect(kinds(seen)).toEqual(['assistant', 'result/success', 'system/status']));
  });

  it('yields a result at once when nothing is pending', async () => {
    const append = vi.fn(async () => {});
    const { transport, seen } = await running({ sessionStore: { append, load: async () => null } });
    transport.emit(resultMessage());
    await flush();
    expect(kinds(seen)).toEqual(['result/success']);
    expect(append).not.toHaveBeenCalled();
  });

  it('eager: appends each frame at once, without waiting for a result', async () => {
    const calls: string[][] = [];
    const store: SessionStore = {
      append: async (_key, entries) => {
        calls.push(uuidsOf(entries) as string[]);
      },
      load: async () => null,
    };
    const { transport } = await running({ sessionStore: store, sessionStoreFlush: 'eager' });
    transport.emit(frame(MAIN, 'u1'));
    transport.emit(frame(MAIN, 'u2', 'u3'));
    await vi.waitFor(() => expect(calls).toEqual([['u1'], ['u2', 'u3']]));
  });

  it('a store that keeps failing: a mirror_error before the result, the turn completes, later batches land', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let down = true;
    const store = new InMemorySessionStore();
    const flaky: SessionStore = {
      append: async (key, entries) => {
        if (down) throw new Error('connection refused');
        await store.append(key, entries);
      },
      load: (key) => store.load(key),
    };
    const { transport, seen } = await running({ sessionStore: flaky });
    transport.emit(frame(SUB, 'x1'));
    transport.emit(resultMessage());
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(kinds(seen)).toEqual(['system/mirror_error', 'result/success']));
    const error = seen[0] as Extract<SDKMessage, { subtype: 'mirror_error' }>;
    expect(error).toMatchObject({
      type: 'system',
      subtype: 'mirror_error',
      error: 'connection refused',
      key: { projectKey: '-work', sessionId: 's1', subpath: 'subagents/agent-a1' },
      session_id: 's1',
    });
    expect(error.uuid).toMatch(/^[0-9a-f-]{36}$/);
    down = false;
    transport.emit(frame(MAIN, 'u2'));
    transport.emit(resultMessage());
    await vi.waitFor(() => expect(kinds(seen)).toHaveLength(3));
    expect(uuidsOf(store.getEntries({ projectKey: '-work', sessionId: 's1' }))).toEqual(['u2']);
  });

  it('flushes what the CLI wrote after the last result before the stream ends', async () => {
    const store = new InMemorySessionStore();
    const { transport, ended } = await running({ sessionStore: store });
    transport.emit(resultMessage());
    transport.emit(frame(MAIN, 'cost'));
    transport.endOutput();
    await ended;
    expect(uuidsOf(store.getEntries({ projectKey: '-work', sessionId: 's1' }))).toEqual(['cost']);
  });

  it('flushes pending frames when the caller closes the session', async () => {
    const store = new InMemorySessionStore();
    const { session, transport } = await running({ sessionStore: store });
    transport.emit(frame(MAIN, 'u1'));
    await flush();
    await session.close();
    expect(uuidsOf(store.getEntries({ projectKey: '-work', sessionId: 's1' }))).toEqual(['u1']);
  });

  it('drops frames of a file outside the projects dir, saying so', async () => {
    const warn = vi.fn();
    const append = vi.fn(async () => {});
    const transport = new FakeTransport();
    const session = new Session({
      transport,
      options: { sessionStore: { append, load: async () => null } },
      mirrorProjectsDir: () => PROJECTS,
      mirrorWarn: warn,
    });
    sessions.push(session);
    await session.start();
    await transport.answer('initialize', {});
    transport.emit(frame('/other/projects/-w/s.jsonl', 'u1'));
    transport.emit(resultMessage());
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(append).not.toHaveBeenCalled();
  });
});
