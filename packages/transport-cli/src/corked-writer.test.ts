import { describe, expect, it } from 'vitest';
import { type CorkableStream, CorkedWriter } from './corked-writer.js';

/** Records what the writer does to the stream; writes succeed unless `failWith` is set. */
function stream(failWith?: Error) {
  let corks = 0;
  const fake: CorkableStream & { destroyed: boolean; writableEnded: boolean; log: string[]; ended: number } = {
    destroyed: false,
    writableEnded: false,
    log: [] as string[],
    ended: 0,
    cork: () => {
      corks += 1;
      fake.log.push('cork');
    },
    uncork: () => {
      corks -= 1;
      fake.log.push('uncork');
    },
    write: (chunk: string, callback: (error?: Error | null) => void) => {
      fake.log.push(`write ${chunk.trim()}${corks > 0 ? ' (corked)' : ''}`);
      queueMicrotask(() => callback(failWith ?? null));
      return true;
    },
    end: () => {
      fake.ended += 1;
      fake.writableEnded = true;
    },
  };
  return fake;
}

const tick = (): Promise<void> => new Promise((resolve) => process.nextTick(resolve));

describe('CorkedWriter', () => {
  it('corks once per tick, so the lines of one tick leave in one write, and uncorks on the next tick', async () => {
    const target = stream();
    const writer = new CorkedWriter();
    writer.attach(target);
    const done: Array<Error | null | undefined> = [];
    writer.write('a\n', (error) => done.push(error));
    writer.write('b\n', (error) => done.push(error));
    await tick();
    writer.write('c\n', (error) => done.push(error));
    await tick();
    expect(target.log).toEqual([
      'cork',
      'write a (corked)',
      'write b (corked)',
      'uncork',
      'cork',
      'write c (corked)',
      'uncork',
    ]);
    expect(done).toEqual([null, null, null]);
  });

  it("passes a write's error to its callback", async () => {
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    const writer = new CorkedWriter();
    writer.attach(stream(epipe));
    const error = await new Promise((resolve) => writer.write('a\n', resolve));
    expect(error).toBe(epipe);
  });

  it('is writable only while attached, not ended, and the stream is open', () => {
    const writer = new CorkedWriter();
    expect(writer.isWritable).toBe(false);
    const target = stream();
    writer.attach(target);
    expect(writer.isWritable).toBe(true);
    target.destroyed = true;
    expect(writer.isWritable).toBe(false);
    target.destroyed = false;
    writer.end();
    expect(writer.isWritable).toBe(false);
    expect(writer.isEnded).toBe(true);
  });

  it('end() is idempotent, and an end before attach() ends the stream as soon as it is attached', () => {
    const early = new CorkedWriter();
    early.end();
    early.end();
    const target = stream();
    early.attach(target);
    expect(target.ended).toBe(1);
    const late = new CorkedWriter();
    const other = stream();
    late.attach(other);
    late.end();
    late.end();
    expect(other.ended).toBe(1);
  });

  it('writeMessage: one line of JSON; a message that cannot be serialised or a failed write rejects', async () => {
    const target = stream();
    const writer = new CorkedWriter();
    writer.attach(target);
    await writer.writeMessage({ type: 'user' }, async (error) => error);
    expect(target.log).toContain('write {"type":"user"} (corked)');
    await expect(writer.writeMessage({ big: 1n }, async (error) => error)).rejects.toBeInstanceOf(TypeError);

    const broken = stream(new Error('EPIPE'));
    const failing = new CorkedWriter();
    failing.attach(broken);
    const mapped = new Error('the CLI exited');
    await expect(failing.writeMessage({ type: 'user' }, async () => mapped)).rejects.toBe(mapped);
  });
});
