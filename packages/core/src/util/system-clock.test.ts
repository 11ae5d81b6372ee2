import { describe, expect, it } from 'vitest';
import { randomIdSource } from './random-id-source.js';
import { systemClock } from './system-clock.js';

describe('systemClock', () => {
  it('reads Date.now()', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('fires a timer, clears one, and unrefs only on request', async () => {
    const fired = await new Promise<string>((resolve) => {
      const cleared = systemClock.setTimeout(() => resolve('cleared'), 1);
      systemClock.clearTimeout(cleared);
      systemClock.setTimeout(() => resolve('kept'), 5);
    });
    expect(fired).toBe('kept');
    const refd = systemClock.setTimeout(() => {}, 60_000) as { hasRef(): boolean };
    const unrefd = systemClock.setTimeout(() => {}, 60_000, { unref: true }) as { hasRef(): boolean };
    expect(refd.hasRef()).toBe(true);
    expect(unrefd.hasRef()).toBe(false);
    systemClock.clearTimeout(refd);
    systemClock.clearTimeout(unrefd);
    systemClock.clearTimeout(undefined);
  });
});

describe('randomIdSource', () => {
  it('makes distinct version 4 UUIDs', () => {
    const a = randomIdSource.uuid();
    const b = randomIdSource.uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
