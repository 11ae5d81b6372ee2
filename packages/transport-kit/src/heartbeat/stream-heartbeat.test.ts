import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamHeartbeat } from './stream-heartbeat.js';

/** A stream that records what is written and reads what the test emits. */
class RecordingStream extends EventEmitter {
  readonly written: string[] = [];
  paused = false;
  writable = true;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  isPaused(): boolean {
    return this.paused;
  }
}

describe('StreamHeartbeat (timers)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a blank line every interval, and times out once when nothing came back', () => {
    vi.useFakeTimers();
    const stream = new RecordingStream();
    const onTimeout = vi.fn();
    new StreamHeartbeat(stream, { intervalMs: 100, onTimeout });
    vi.advanceTimersByTime(100);
    expect(stream.written).toEqual(['\n']);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(stream.written).toEqual(['\n']);
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('any data from the peer keeps the link alive', () => {
    vi.useFakeTimers();
    const stream = new RecordingStream();
    const onTimeout = vi.fn();
    const heartbeat = new StreamHeartbeat(stream, { intervalMs: 100, onTimeout, ping: '{"type":"ping"}\n' });
    for (let tick = 0; tick < 10; tick++) {
      vi.advanceTimersByTime(100);
      stream.emit('data', Buffer.from('\n'));
    }
    expect(onTimeout).not.toHaveBeenCalled();
    expect(stream.written).toHaveLength(10);
    expect(stream.written[0]).toBe('{"type":"ping"}\n');
    heartbeat.stop();
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('does not time out while this side is paused, and does once it reads again', () => {
    vi.useFakeTimers();
    const stream = new RecordingStream();
    const onTimeout = vi.fn();
    new StreamHeartbeat(stream, { intervalMs: 100, onTimeout });
    stream.paused = true;
    vi.advanceTimersByTime(1000);
    expect(onTimeout).not.toHaveBeenCalled();
    // It went on pinging, twice an interval, so a peer checking on the same interval sees this side
    // alive between any two checks, even with its timer drifting against this one.
    expect(stream.written.length).toBe(20);
    stream.paused = false;
    vi.advanceTimersByTime(100);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('does not write to a stream that can no longer be written', () => {
    vi.useFakeTimers();
    const stream = new RecordingStream();
    stream.writable = false;
    const heartbeat = new StreamHeartbeat(stream, { intervalMs: 100, onTimeout: () => {} });
    vi.advanceTimersByTime(100);
    expect(stream.written).toEqual([]);
    heartbeat.stop();
  });
});

describe('StreamHeartbeat over a Unix socket', () => {
  let dir: string | undefined;
  let server: Server | undefined;

  afterEach(() => {
    vi.useRealTimers();
    server?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("two ends stay alive on each other's pings, and one finds out when the other goes silent", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stream-heartbeat-'));
    const socketPath = path.join(dir, 'daemon.sock');
    const accepted = new Promise<Socket>((resolve) => {
      server = createServer(resolve);
    });
    await new Promise<void>((resolve) => server?.listen(socketPath, resolve));
    const client = connect(socketPath);
    const daemon = await accepted;
    // Fake timers drive both ends' intervals; the pings themselves cross a real socket.
    vi.useFakeTimers();
    const nextData = (socket: Socket): Promise<unknown> => new Promise((resolve) => socket.once('data', resolve));
    const clientTimedOut = vi.fn();
    const daemonTimedOut = vi.fn();
    new StreamHeartbeat(client, { intervalMs: 100, onTimeout: clientTimedOut });
    const daemonHeartbeat = new StreamHeartbeat(daemon, { intervalMs: 100, onTimeout: daemonTimedOut });
    for (let tick = 0; tick < 5; tick++) {
      const crossed = Promise.all([nextData(client), nextData(daemon)]);
      vi.advanceTimersByTime(100);
      await crossed;
    }
    expect(clientTimedOut).not.toHaveBeenCalled();
    expect(daemonTimedOut).not.toHaveBeenCalled();
    // The daemon hangs: it stops pinging but keeps the connection open.
    daemonHeartbeat.stop();
    const lastPing = nextData(daemon);
    vi.advanceTimersByTime(100);
    await lastPing;
    expect(clientTimedOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(clientTimedOut).toHaveBeenCalledTimes(1);
    client.destroy();
    daemon.destroy();
  });
});
