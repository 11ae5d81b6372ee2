import { describe, expect, it } from 'vitest';
import { HEXAGENT_OPTION_KEYS, OFFICIAL_OPTION_KEYS, unknownOptionKeys } from './option-keys.js';

describe('unknownOptionKeys', () => {
  it('knows every official and hexagent option', () => {
    const all = Object.fromEntries([...OFFICIAL_OPTION_KEYS, ...HEXAGENT_OPTION_KEYS].map((key) => [key, undefined]));
    expect(unknownOptionKeys(all)).toEqual([]);
    expect(unknownOptionKeys({})).toEqual([]);
  });

  it('names a key neither SDK knows, with the one it is likely a misspelling of', () => {
    expect(unknownOptionKeys({ maxTurn: 3, model: 'sonnet' })).toEqual([{ key: 'maxTurn', suggestion: 'maxTurns' }]);
    expect(unknownOptionKeys({ allowedtools: [] })).toEqual([{ key: 'allowedtools', suggestion: 'allowedTools' }]);
    expect(unknownOptionKeys({ sytemPrompt: 'x' })).toEqual([{ key: 'sytemPrompt', suggestion: 'systemPrompt' }]);
    expect(unknownOptionKeys({ somethingElse: 1 })).toEqual([{ key: 'somethingElse' }]);
    expect(unknownOptionKeys({ ab: 1 })).toEqual([{ key: 'ab' }]);
  });
});
