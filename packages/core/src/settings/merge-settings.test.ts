import { describe, expect, it } from 'vitest';
import { mergeSettings, mergeSettingsUnder } from './merge-settings.js';
import { parseSettingsText } from './parse-settings-text.js';

describe('mergeSettings', () => {
  it('merges objects key by key, joins arrays without repeats, lets the higher scalar win', () => {
    const lower = { model: 'a', env: { A: '1', B: '1' }, list: ['x', 'y'], keep: true };
    const higher = { model: 'b', env: { B: '2' }, list: ['y', 'z'], skip: undefined };
    expect(mergeSettings<Record<string, unknown>>(lower, higher)).toEqual({
      model: 'b',
      env: { A: '1', B: '2' },
      list: ['x', 'y', 'z'],
      keep: true,
    });
    expect(lower).toEqual({ model: 'a', env: { A: '1', B: '1' }, list: ['x', 'y'], keep: true });
  });

  it('fills from below without replacing (mergeSettingsUnder)', () => {
    expect(
      mergeSettingsUnder<Record<string, unknown>>(
        { model: 'top', list: ['b'] },
        { model: 'x', env: {}, list: ['a', 'b'] },
      ),
    ).toEqual({
      model: 'top',
      env: {},
      list: ['b', 'a'],
    });
  });
});

describe('parseSettingsText', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['  \n', { kind: 'empty' }],
    ['\ufeff{"a":1}', { kind: 'object', value: { a: 1 } }],
    ['{"a":1,}', { kind: 'unreadable' }],
    ['[1]', { kind: 'unreadable' }],
    ['null', { kind: 'unreadable' }],
  ])('%j', (text, parsed) => {
    expect(parseSettingsText(text)).toEqual(parsed);
  });
});
