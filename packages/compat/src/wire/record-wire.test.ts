import { describe, expect, it } from 'vitest';
import { readReference, referenceProblems, selected } from './record-wire.js';
import type { WireRecording } from './wire-recording.js';

function recording(scenario: string, sdkVersion = '0.3.332', cliVersion = '2.1.332'): WireRecording {
  return { scenario, sdk: 'official', sdkVersion, cliVersion, spawns: [], saw: [] };
}

describe('referenceProblems', () => {
  const all = () => new Map(selected().map((scenario) => [scenario.name, recording(scenario.name)]));

  it('accepts a complete set of the release and its CLI', () => {
    expect(referenceProblems(all(), '0.3.332', '2.1.332')).toEqual([]);
  });

  it('names a missing set, a missing scenario, and a recording of another SDK or CLI version', () => {
    expect(referenceProblems(undefined, '0.3.333', '2.1.333')).toEqual(['no committed official recordings of 0.3.333']);
    const stale = all();
    stale.delete('startup');
    stale.set('interrupt', recording('interrupt', '0.3.330', '2.1.330'));
    expect(referenceProblems(stale, '0.3.332', '2.1.332')).toEqual([
      'interrupt: the committed recording is of official 0.3.330 on CLI 2.1.330, not official 0.3.332 on CLI 2.1.332',
      'startup: no committed official recording',
    ]);
    expect(referenceProblems(all(), '0.3.332', '2.1.333')).toHaveLength(selected().length);
  });

  it('only asks for the scenarios selected', () => {
    expect(referenceProblems(new Map([['startup', recording('startup')]]), '0.3.332', '2.1.332', ['startup'])).toEqual(
      [],
    );
  });

  it('holds for the committed recordings of the pinned release (packages/drop-in devDependency)', async () => {
    const { mirroredVersion } = await import('../official-install.js');
    const version = mirroredVersion();
    const reference = readReference(version);
    const cliVersion = reference?.values().next().value?.cliVersion ?? '?';
    expect(referenceProblems(reference, version, cliVersion)).toEqual([]);
  });
});
