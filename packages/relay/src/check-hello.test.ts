import { CLI_SWITCH_FLAGS } from '@hexagent/transport-cli';
import { buildRelayHello } from '@hexagent/transport-websocket';
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

  it('refuses a bare argument after a flag that takes no value, naming the flag', () => {
    for (const argv of [
      ['--verbose', 'some prompt'],
      ['--output-format', 'stream-json', '--verbose', 'some prompt'],
      ['--continue', 'some prompt'],
      ['--include-partial-messages', 'x', '--model=m'],
    ]) {
      const refused = checkHello(hello(argv), config);
      expect(refused, argv.join(' ')).toMatchObject({ reason: 'flag_not_allowed' });
      expect((refused as { message: string }).message).toMatch(
        /bare argument ".*" after --[a-z-]+, which takes no value/,
      );
    }
    // Every switch transport-cli knows, not only those of the default list.
    const everyFlag = resolveRelayConfig({ token: 'a-token-of-16-chars', allowedFlags: [...CLI_SWITCH_FLAGS] });
    for (const flag of CLI_SWITCH_FLAGS) {
      expect(checkHello(hello([`--${flag}`, 'prompt']), everyFlag), flag).toMatchObject({ reason: 'flag_not_allowed' });
      expect(checkHello(hello([`--${flag}`]), everyFlag), flag).not.toHaveProperty('reason');
    }
  });

  it('takes the value after a flag written alone that has one, and one value only', () => {
    const withSettings = resolveRelayConfig({
      token: 'a-token-of-16-chars',
      allowedFlags: ['output-format', 'verbose', 'settings', 'model'],
    });
    const argv = ['--output-format', 'stream-json', '--settings', '{"a":1}', '--verbose', '--model', 'm'];
    expect(checkHello(hello(argv), withSettings)).toEqual({ argv, env: {}, cwd: process.cwd() });
    expect(checkHello(hello(['--model', 'm', 'extra']), withSettings)).toMatchObject({ reason: 'flag_not_allowed' });
    expect(checkHello(hello(['--model=m', 'extra']), withSettings)).toMatchObject({ reason: 'flag_not_allowed' });
  });

  it("accepts the hello of the SDK's everyday options under the default lists", () => {
    const everyday = buildRelayHello({
      model: 'claude-sonnet-4-5',
      fallbackModel: 'claude-haiku-4-5',
      maxTurns: 3,
      maxBudgetUsd: 1,
      thinking: { type: 'adaptive' },
      effort: 'high',
      permissionMode: 'acceptEdits',
      allowedTools: ['Read'],
      disallowedTools: ['Bash'],
      canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }),
      settingSources: [],
      includePartialMessages: true,
      includeHookEvents: true,
      resume: '6f1c2a64-2f4e-4d3b-9c59-8b1f3f0a9e11',
      forkSession: true,
      persistSession: false,
      outputFormat: { type: 'json_schema', schema: { type: 'object' } },
    });
    expect(checkHello(everyday, resolveRelayConfig({ token: 'a-token-of-16-chars' }))).not.toHaveProperty('reason');
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
