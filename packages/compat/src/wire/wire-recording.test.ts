import { describe, expect, it } from 'vitest';
import { parseRecording, serialiseRecording, type WireRecording } from './wire-recording.js';

describe('serialiseRecording / parseRecording', () => {
  it('round-trips a recording, one JSON object per line', () => {
    const recording: WireRecording = {
      scenario: 'plain-prompt',
      sdk: 'official',
      sdkVersion: '0.3.332',
      cliVersion: '2.1.332',
      spawns: [
        {
          argv: ['--verbose'],
          env: { HOME: '<home>' },
          stdin: [{ label: 'user', msg: { type: 'user' } }],
          stdout: [{ label: 'system:init' }, { label: 'control_response:initialize', msg: { ok: true } }],
          exit: 'code 0',
        },
        { argv: [], env: {}, stdin: [], stdout: [], exit: 'signal SIGTERM' },
      ],
      saw: ['system:init', 'ended'],
      failure: 'timed out',
    };
    const text = serialiseRecording(recording);
    expect(
      text
        .trimEnd()
        .split('\n')
        .every((line) => JSON.parse(line) !== null),
    ).toBe(true);
    expect(parseRecording(text)).toEqual(recording);
  });
});
