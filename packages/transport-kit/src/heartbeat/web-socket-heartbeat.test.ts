import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from './web-socket-heartbeat.js';

/** What the `ws` package's WebSocket offers a heartbeat: pings out, pongs, pings and messages in. */
class PingingSocket extends EventEmitter {
  pings = 0;
  isPaused = false;
  ping(): void {
    this.pings++;
  }
}

describe('Heartbeat (WebSocket)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every interval and times out once when the last ping got no pong', () => {
    vi.useFakeTimers();
    const socket = new PingingSocket();
    const onTimeout = vi.fn();
    new Heartbeat(socket, 100, onTimeout);
    vi.advanceTimersByTime(100);
    expect(socket.pings).toBe(1);
    vi.advanceTimersByTime(100);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(socket.pings).toBe(1);
    expect(socket.listenerCount('pong') + socket.listenerCount('ping') + socket.listenerCount('message')).toBe(0);
  });

  it.each(['pong', 'ping', 'message'])('a %s from the peer keeps the link alive', (event) => {
    vi.useFakeTimers();
    const socket = new PingingSocket();
    const onTimeout = vi.fn();
    const heartbeat = new Heartbeat(socket, 100, onTimeout);
    for (let tick = 0; tick < 5; tick++) {
      vi.advanceTimersByTime(100);
      socket.emit(event);
    }
    expect(onTimeout).not.toHaveBeenCalled();
    heartbeat.stop();
    expect(socket.listenerCount(event)).toBe(0);
  });

  it('does not time out while the socket is paused, and keeps pinging twice an interval', () => {
    vi.useFakeTimers();
    const socket = new PingingSocket();
    const onTimeout = vi.fn();
    new Heartbeat(socket, 100, onTimeout);
    socket.isPaused = true;
    vi.advanceTimersByTime(500);
    expect(onTimeout).not.toHaveBeenCalled();
    // A peer on the same interval gets a sign of life between any two of its checks, drift or not.
    expect(socket.pings).toBe(10);
  });

  it('a ping that throws (the socket is closing) is no fault', () => {
    vi.useFakeTimers();
    const socket = new PingingSocket();
    socket.ping = () => {
      throw new Error('WebSocket is not open');
    };
    const heartbeat = new Heartbeat(socket, 100, () => {});
    expect(() => vi.advanceTimersByTime(100)).not.toThrow();
    heartbeat.stop();
  });
});
