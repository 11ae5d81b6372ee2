import { describe, expect, it } from 'vitest';
import { needsSdkAnswers } from './needs-sdk-answers.js';

describe('needsSdkAnswers', () => {
  it('is true with an in-process server, a hook event, canUseTool, onElicitation or onUserDialog', () => {
    expect(needsSdkAnswers({}, 1)).toBe(true);
    expect(needsSdkAnswers({ hooks: { PreToolUse: [] } }, 0)).toBe(true);
    expect(needsSdkAnswers({ canUseTool: async () => ({ behavior: 'deny', message: 'no' }) }, 0)).toBe(true);
    expect(needsSdkAnswers({ onElicitation: async () => null }, 0)).toBe(true);
    expect(needsSdkAnswers({ onUserDialog: async () => null }, 0)).toBe(true);
  });

  it('is false with none (an empty hooks object included)', () => {
    expect(needsSdkAnswers({}, 0)).toBe(false);
    expect(needsSdkAnswers({ hooks: {} }, 0)).toBe(false);
  });
});
