import { describe, expect, it } from 'vitest';
import { checkBearerToken } from './check-bearer-token.js';
import { checkHello } from './check-hello.js';
import { resolveRelayConfig } from './relay-config.js';

const config = resolveRelayConfig({ token: 'a-token-of-16-chars', cwdRoots: ['/tmp'], cwd: '/tmp' });
const hello = (argv: string[], env: Record<string, string> = {}, cwd?: string) => ({
  type: 'relay_hello',
  argv,
  env,
  ...(cwd === undefined ? {} : { cwd }),
});

describe('checkHello', () => {
  it('accepts the allowed flags with their values, in both forms', () => {
    const argv = ['--output-format', 'stream-json', '--verbose', '--model=claude-sonnet-4-5', '--max-turns=3'];
    expect(checkHello(hello(argv), config)).toEqual({ argv, env: {}, cwd: '/tmp' });
  });

  it('refuses a flag not on the list, a bare argument and a malformed hello', () => {
    expect(checkHello(hello(['--add-dir=/etc']), config)).toMatchObject({ reason: 'flag_not_allowed' });
    expect(checkHello(hello(['--model=x', 'do something']), config)).toMatchObject({ reason: 'flag_not_allowed' });
    expect(checkHello({ type: 'relay_hello', argv: 'x', env: {} }, config)).toMatchObject({ reason: 'bad_hello' });
    expect(checkHello(undefined, config)).toMatchObject({ reason: 'bad_hello' });
  });

  it('refuses a variable not on the list', () => {
    expect(checkHello(hello([], { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' }), config)).not.toHaveProperty('reason');
    expect(checkHello(hello([], { PATH: '/evil' }), config)).toMatchObject({ reason: 'env_not_allowed' });
  });

  it('keeps the cwd inside the roots, after resolving it', () => {
    expect(checkHello(hello([], {}, '/tmp'), config)).not.toHaveProperty('reason');
    expect(checkHello(hello([], {}, '/tmp/../etc'), config)).toMatchObject({ reason: 'cwd_not_allowed' });
    expect(checkHello(hello([], {}, '/nonexistent'), config)).toMatchObject({ reason: 'cwd_not_allowed' });
  });
});

describe('checkBearerToken', () => {
  it('takes the exact token only', () => {
    expect(checkBearerToken('Bearer a-token-of-16-chars', 'a-token-of-16-chars')).toBe(true);
    expect(checkBearerToken('Bearer a-token-of-16-charsX', 'a-token-of-16-chars')).toBe(false);
    expect(checkBearerToken('Bearer short', 'a-token-of-16-chars')).toBe(false);
    expect(checkBearerToken('a-token-of-16-chars', 'a-token-of-16-chars')).toBe(false);
    expect(checkBearerToken(undefined, 'a-token-of-16-chars')).toBe(false);
  });
});

describe('resolveRelayConfig', () => {
  it('refuses a short token and a bad limit', () => {
    expect(() => resolveRelayConfig({ token: 'short' })).toThrow(/token/);
    expect(() => resolveRelayConfig({ token: 'a-token-of-16-chars', maxConnections: 0 })).toThrow(/maxConnections/);
  });
});
