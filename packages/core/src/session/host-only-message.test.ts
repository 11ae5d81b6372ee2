import { describe, expect, it } from 'vitest';
import { isHostOnlyMessage } from './host-only-message.js';

describe('isHostOnlyMessage', () => {
  it.each([
    [{ type: 'keep_alive' }],
    [{ type: 'transcript_mirror', filePath: '/t.jsonl', entries: [] }],
    [{ type: 'system', subtype: 'session_state_changed', state: 'idle', sdk_host_only: true, session_id: 's' }],
  ])('consumes %j', (message) => {
    expect(isHostOnlyMessage(message)).toBe(true);
  });

  it.each([
    [{ type: 'system', subtype: 'session_state_changed', state: 'idle', session_id: 's' }],
    [{ type: 'system', subtype: 'session_state_changed', state: 'idle', sdk_host_only: 'true' }],
    [{ type: 'system', subtype: 'init', sdk_host_only: true }],
    [{ type: 'assistant', message: {} }],
    [{ type: 'result', subtype: 'success' }],
    [{ type: 'brand_new_type', sdk_host_only: true }],
  ])('passes %j on to the caller', (message) => {
    expect(isHostOnlyMessage(message)).toBe(false);
  });
});
