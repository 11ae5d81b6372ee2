import { describe, expect, it } from 'vitest';
import { RunSignals } from './scenario.js';

describe('RunSignals', () => {
  it('releases a wait when its signal fires, before or after the wait began; other names stay waiting', async () => {
    const signals = new RunSignals();
    const order: string[] = [];
    const waited = signals.wait('first result').then(() => order.push('waited'));
    const other = signals.wait('never');
    let otherSettled = false;
    void other.then(() => {
      otherSettled = true;
    });
    signals.fire('first result');
    signals.fire('first result');
    await waited;
    signals.fire('late');
    await signals.wait('late');
    expect(order).toEqual(['waited']);
    expect(otherSettled).toBe(false);
  });
});
