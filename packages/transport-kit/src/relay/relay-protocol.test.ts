import { describe, expect, it } from 'vitest';
import { encodeRelayFrame, parseRelayFrame } from './relay-protocol.js';

describe('relay frames', () => {
  it('round-trip through a binary frame', () => {
    const frame = { type: 'relay_exit' as const, code: 3, signal: null, stderrTail: 'boom' };
    expect(parseRelayFrame(encodeRelayFrame(frame))).toEqual(frame);
  });

  it('are told apart from anything else', () => {
    expect(parseRelayFrame('{"type":"assistant"}')).toBeUndefined();
    expect(parseRelayFrame('not json')).toBeUndefined();
    expect(parseRelayFrame('null')).toBeUndefined();
    expect(parseRelayFrame('{"type":"relay_end_input"}')).toEqual({ type: 'relay_end_input' });
  });
});
