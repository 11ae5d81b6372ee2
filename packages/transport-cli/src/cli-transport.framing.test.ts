/**
 * Line framing end to end: JSON lines written by the stand-in CLI in pieces cut at arbitrary byte
 * offsets (inside multi-byte UTF-8 characters too) must come out of `messages()` whole and equal.
 */

import { isRunning } from '@hexagent/testing';
import * as fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SCRIPTED, standInCli } from '../test/helpers/stand-in.js';
import { removeTempDirs } from '../test/helpers/temp-dirs.js';
import { transportFor } from '../test/helpers/transport-for.js';
import type { CliTransport } from './cli-transport.js';

let transport: CliTransport | undefined;

afterEach(async () => {
  const pid = transport?.pid;
  await transport?.close();
  transport = undefined;
  if (pid !== undefined) expect(isRunning(pid)).toBe(false);
});

afterAll(() => {
  removeTempDirs();
});

async function openScripted(): Promise<{
  next: () => Promise<unknown>;
  emit: (data: Buffer, cuts: number[]) => Promise<void>;
}> {
  transport = transportFor({ pathToClaudeCodeExecutable: standInCli(SCRIPTED) });
  await transport.start();
  const open = transport;
  const iterator = open.messages()[Symbol.asyncIterator]();
  return {
    next: async () => {
      const result = await iterator.next();
      if (result.done) throw new Error('messages() ended early');
      return result.value;
    },
    emit: (data, cuts) =>
      open.send({ type: 'stand_in', steps: [{ write: { base64: data.toString('base64'), cuts } }] }),
  };
}

/** Characters that stress UTF-8 framing: 2-, 3- and 4-byte sequences, and JS line terminators. */
const trickyChar = fc.constantFrom(
  'a',
  ' ',
  '"',
  '\\',
  '\n',
  '\r',
  'é',
  'ß',
  '中',
  '文',
  '😀',
  '🧪',
  '\u2028',
  '\u2029',
  '\u0000',
);
const text = fc.oneof(fc.string({ unit: trickyChar, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const message = fc.dictionary(
  fc.oneof(text, fc.constant('type')),
  fc.jsonValue({ stringUnit: trickyChar, maxDepth: 3 }),
  {
    maxKeys: 6,
  },
);

describe('CliTransport line framing', () => {
  it('reassembles a line written one byte at a time, splitting every multi-byte character', async () => {
    const { next, emit } = await openScripted();
    const original = { type: 'utf8', text: 'é中😀\u2028\u2029 end' };
    const bytes = Buffer.from(`${JSON.stringify(original)}\n`, 'utf8');
    await emit(
      bytes,
      Array.from({ length: bytes.length }, (_, i) => i),
    );
    expect(await next()).toEqual(original);
  });

  it('yields exactly the JSON lines written, whatever the chunk boundaries (property)', async () => {
    const { next, emit } = await openScripted();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(message, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        async (messages, rawCuts, blankLines) => {
          run++;
          const sentinel = { type: 'sentinel', run };
          const lines = [...messages, sentinel].map((value) => JSON.stringify(value));
          const payload = Buffer.from(`${lines.join(blankLines ? '\n\n  \n' : '\n')}\n`, 'utf8');
          const cuts = [...new Set(rawCuts.map((cut) => cut % (payload.length + 1)))].sort((a, b) => a - b);
          await emit(payload, cuts);
          const received: unknown[] = [];
          for (;;) {
            const value = await next();
            if (JSON.stringify(value) === JSON.stringify(sentinel)) break;
            received.push(value);
          }
          expect(received).toEqual(lines.slice(0, -1).map((json) => JSON.parse(json)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
