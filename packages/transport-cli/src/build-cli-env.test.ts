import { describe, expect, it } from 'vitest';
import { buildCliEnv } from './build-cli-env.js';

describe('buildCliEnv', () => {
  it('overlays the overrides on the base and adds the entrypoint marker', () => {
    expect(buildCliEnv({ PATH: '/bin', A: '1' }, { A: '2', B: '3' })).toEqual({
      PATH: '/bin',
      A: '2',
      B: '3',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
    });
  });

  it('removes a key set to undefined in the overrides, and skips undefined base values', () => {
    const env = buildCliEnv({ PATH: '/bin', SECRET: 's', EMPTY: undefined }, { SECRET: undefined });
    expect(env).toEqual({ PATH: '/bin', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' });
    expect(Object.hasOwn(env, 'SECRET')).toBe(false);
  });

  it("replaces an inherited entrypoint but keeps the user's own, or its removal", () => {
    expect(buildCliEnv({ CLAUDE_CODE_ENTRYPOINT: 'cli' })['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
    expect(buildCliEnv({}, { CLAUDE_CODE_ENTRYPOINT: 'my-app' })['CLAUDE_CODE_ENTRYPOINT']).toBe('my-app');
    expect(buildCliEnv({ CLAUDE_CODE_ENTRYPOINT: 'cli' }, { CLAUDE_CODE_ENTRYPOINT: undefined })).toEqual({});
  });

  it('does not change its inputs', () => {
    const base = { A: '1' };
    const overrides = { A: undefined };
    buildCliEnv(base, overrides);
    expect(base).toEqual({ A: '1' });
    expect(overrides).toEqual({ A: undefined });
  });
});
