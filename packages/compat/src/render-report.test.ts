import { describe, expect, it } from 'vitest';
import { textDelta } from './render-report.js';

describe('textDelta', () => {
  it('shows a short change whole', () => {
    expect(textDelta('Promise<void>', 'Promise<X>')).toBe('Promise<void> → Promise<X>');
  });

  it('shows a long change as its differing middle with context', () => {
    const before = `hookSpecificOutput?: ${Array.from({ length: 12 }, (_, i) => `Output${i}`).join(' | ')}`;
    const after = `${before} | PreSkillShellCommandHookSpecificOutput`;
    expect(textDelta(before, after)).toBe(
      '… Output9 | Output10 | Output11{+ | PreSkillShellCommandHookSpecificOutput+}',
    );
  });
});
