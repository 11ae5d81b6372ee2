import { describe, expect, it } from 'vitest';
import { judgeDifferences } from './accepted-differences.js';

describe('judgeDifferences', () => {
  it('accepts a difference an entry matches (with * for any run of characters) and keeps the rest new', () => {
    const { judged, unused } = judgeDifferences(
      [
        { id: 'plain-prompt/spawn1/env/-CLAUDE_AGENT_SDK_VERSION', text: '' },
        { id: 'interrupt/spawn1/stdin/+control_response:mcp_message tools/call#1', text: '' },
      ],
      [
        { id: '*/env/-CLAUDE_AGENT_SDK_VERSION', reason: 'hexagent names itself otherwise' },
        { id: 'max-turns/saw/*', reason: 'gone' },
      ],
    );
    expect(judged.map((d) => d.accepted)).toEqual(['hexagent names itself otherwise', undefined]);
    expect(unused.map((entry) => entry.id)).toEqual(['max-turns/saw/*']);
  });

  it('takes regular-expression characters in an id literally', () => {
    const { judged } = judgeDifferences([{ id: 'a/stdin/x[0].y', text: '' }], [{ id: 'a/stdin/x[0].y', reason: 'r' }]);
    expect(judged[0]?.accepted).toBe('r');
    const other = judgeDifferences([{ id: 'a/stdin/x0Xy', text: '' }], [{ id: 'a/stdin/x[0].y', reason: 'r' }]);
    expect(other.judged[0]?.accepted).toBeUndefined();
  });
});
