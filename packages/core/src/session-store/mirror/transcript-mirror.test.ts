import { describe, expect, it } from 'vitest';
import type { SDKMirrorErrorMessage } from '../../types/messages/system-event-messages.js';
import { ManualClock } from '../../util/manual-clock.js';
import { TranscriptMirror } from './transcript-mirror.js';

describe('TranscriptMirror', () => {
  it('reports a dropped batch as a mirror_error whose uuid comes from its id source, after retries on its clock', async () => {
    const clock = new ManualClock();
    const reported: SDKMirrorErrorMessage[] = [];
    const mirror = new TranscriptMirror({
      store: {
        append: async () => {
          throw new Error('store down');
        },
        load: async () => null,
      },
      projectsDir: () => '/cfg/projects',
      report: (message) => reported.push(message),
      clock,
      ids: { uuid: () => '11111111-2222-4333-8444-555555555555' },
    });
    mirror.receive({
      type: 'transcript_mirror',
      filePath: '/cfg/projects/-work/s1.jsonl',
      entries: [{ type: 'user', uuid: 'u1' }],
    });
    const flushed = mirror.flush();
    // Three attempts, 200 then 800 ms apart, on the injected clock only.
    for (const wait of [200, 800]) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(reported).toEqual([]);
      clock.advance(wait);
    }
    await flushed;
    expect(reported).toEqual([
      {
        type: 'system',
        subtype: 'mirror_error',
        error: 'store down',
        key: { projectKey: '-work', sessionId: 's1' },
        uuid: '11111111-2222-4333-8444-555555555555',
        session_id: 's1',
      },
    ]);
  });
});
