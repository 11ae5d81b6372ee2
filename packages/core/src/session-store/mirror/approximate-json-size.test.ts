import { describe, expect, it } from 'vitest';
import { approximateJsonSize } from './approximate-json-size.js';

describe('approximateJsonSize', () => {
  it('is close to the length JSON.stringify writes', () => {
    const samples: unknown[] = [
      { type: 'user', uuid: 'u1' },
      [{ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(5000) }] } }],
      { a: null, b: true, c: 12345, d: [1, 2, 3], e: { f: 'g' } },
    ];
    for (const sample of samples) {
      const exact = JSON.stringify(sample).length;
      expect(Math.abs(approximateJsonSize(sample) - exact) / exact).toBeLessThan(0.25);
    }
  });

  it('grows with a large string, so the 1 MiB threshold is reached', () => {
    expect(approximateJsonSize([{ type: 'user', text: 'x'.repeat(2_000_000) }])).toBeGreaterThan(2_000_000);
  });
});
