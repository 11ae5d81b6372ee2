import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { Options } from '../types/options.js';
import type { SessionStore } from '../types/session-store/session-store.js';
import { checkOptionCombinations } from './check-option-combinations.js';

function failingOption(options: Options): string | undefined {
  try {
    checkOptionCombinations(options);
    return undefined;
  } catch (error) {
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    return (error as InvalidOptionError).option;
  }
}

const store: SessionStore = { append: async () => {}, load: async () => null };

describe('checkOptionCombinations', () => {
  it('accepts no options and good combinations', () => {
    expect(failingOption({})).toBeUndefined();
    expect(
      failingOption({ supportedDialogKinds: ['refusal_fallback_prompt'], onUserDialog: async () => null }),
    ).toBeUndefined();
    expect(failingOption({ supportedDialogKinds: [] })).toBeUndefined();
    expect(
      failingOption({ pluginDelivery: 'initialize', sessionStoreFlush: 'eager', loadTimeoutMs: 5 }),
    ).toBeUndefined();
  });

  it('accepts sessionStore, with its flush mode, load timeout, resume and continue (with listSessions)', () => {
    expect(failingOption({ sessionStore: store })).toBeUndefined();
    expect(
      failingOption({ sessionStore: store, sessionStoreFlush: 'eager', loadTimeoutMs: 5, resume: 'x' }),
    ).toBeUndefined();
    expect(failingOption({ sessionStore: { ...store, listSessions: async () => [] }, continue: true })).toBeUndefined();
    expect(failingOption({ sessionStore: store, continue: true, resume: 'x' })).toBeUndefined();
  });

  it('refuses sessionStore with persistSession: false, with enableFileCheckpointing, and continue without listSessions', () => {
    expect(failingOption({ sessionStore: store, persistSession: false })).toBe('sessionStore');
    expect(failingOption({ sessionStore: store, enableFileCheckpointing: true })).toBe('enableFileCheckpointing');
    expect(failingOption({ sessionStore: store, continue: true })).toBe('continue');
    expect(failingOption({ persistSession: false, enableFileCheckpointing: true, continue: true })).toBeUndefined();
  });

  it('refuses supportedDialogKinds without onUserDialog', () => {
    expect(failingOption({ supportedDialogKinds: ['refusal_fallback_prompt'] })).toBe('supportedDialogKinds');
  });

  it('refuses an unknown pluginDelivery', () => {
    expect(failingOption({ pluginDelivery: 'stdin' as unknown as 'argv' })).toBe('pluginDelivery');
  });
});
