import { PassThrough } from 'node:stream';
import { InMemorySessionStore } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { appendWhenLetGo } from './session-append-process.js';
import { numberedEntry } from './session-store-conformance-fixtures.js';

describe('appendWhenLetGo', () => {
  it('says ready once the store answered, then makes every append of the order it is let go with', async () => {
    const store = new InMemorySessionStore();
    const loads: string[] = [];
    const load = store.load.bind(store);
    store.load = (key) => {
      loads.push(key.projectKey);
      return load(key);
    };
    const input = new PassThrough();
    const output = new PassThrough();
    const printed: string[] = [];
    output.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
    const serving = appendWhenLetGo(store, { input, output });
    await new Promise((resolve) => output.once('data', resolve));
    expect(printed).toEqual(['ready\n']);
    expect(loads).toEqual(['hexagent-append-process']);
    const key = { projectKey: 'p', sessionId: 's' };
    const batches = [[numberedEntry(1), numberedEntry(2)], [numberedEntry(3)]];
    input.end(`${JSON.stringify({ key, batches })}\n`);
    await serving;
    expect(await store.load(key)).toEqual(batches.flat());
  });

  it('rejects when an append fails, so the script exits non-zero', async () => {
    const store = new InMemorySessionStore();
    store.append = () => Promise.reject(new Error('the backend refused'));
    const input = new PassThrough();
    const serving = appendWhenLetGo(store, { input, output: new PassThrough() });
    input.end(`${JSON.stringify({ key: { projectKey: 'p', sessionId: 's' }, batches: [[numberedEntry(1)]] })}\n`);
    await expect(serving).rejects.toThrow('the backend refused');
  });
});
