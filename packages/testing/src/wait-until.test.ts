import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait-until.js';

describe('waitUntil', () => {
  it('resolves once the condition holds, sync or async', async () => {
    let checks = 0;
    await waitUntil('three checks', () => ++checks >= 3, { intervalMs: 1 });
    expect(checks).toBe(3);
    await waitUntil('an async condition', async () => true);
  });

  it('rejects naming what it waited for after the timeout', async () => {
    await expect(waitUntil('the impossible', () => false, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow(
      'timed out waiting for the impossible',
    );
  });
});
