import { describe, expect, it } from 'vitest';
import { collectAbortingAtInit } from './message-helpers.js';

describe('collectAbortingAtInit', () => {
  it('aborts right after the first system/init and names what came after it', async () => {
    const controller = new AbortController();
    const seenAborted: boolean[] = [];
    async function* run() {
      for (const message of [{ type: 'user' }, { type: 'system', subtype: 'init' }, { type: 'assistant' }]) {
        seenAborted.push(controller.signal.aborted);
        yield message;
      }
      throw new Error('ended');
    }
    const { messages, after, error } = await collectAbortingAtInit(run(), controller);
    expect(messages.map((message) => message.type)).toEqual(['user', 'system', 'assistant']);
    expect(after).toEqual([{ type: 'assistant' }]);
    expect(seenAborted).toEqual([false, false, true]);
    expect(error).toEqual(new Error('ended'));
  });

  it('never aborts a run without system/init', async () => {
    const controller = new AbortController();
    async function* run() {
      yield { type: 'result' };
    }
    const { after, error } = await collectAbortingAtInit(run(), controller);
    expect(controller.signal.aborted).toBe(false);
    expect(after).toEqual([]);
    expect(error).toBeUndefined();
  });
});
