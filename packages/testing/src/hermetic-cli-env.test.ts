import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hermeticCliEnv } from './hermetic-cli-env.js';

/** What hexagent's transport does with `options.env`: merge over `process.env`, drop `undefined`. */
function merged(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string | undefined> = { ...process.env, ...env };
  for (const key of Object.keys(result)) if (result[key] === undefined) delete result[key];
  return result as Record<string, string>;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('hermeticCliEnv', () => {
  it('yields exactly the minimal environment once merged over process.env', async () => {
    for (const [name, value] of Object.entries({
      HTTP_PROXY: 'http://proxy.invalid:8080',
      https_proxy: 'http://proxy.invalid:8080',
      ALL_PROXY: 'socks5://proxy.invalid',
      NO_PROXY: 'example.com',
      ANTHROPIC_AUTH_TOKEN: 'outer-token',
      ANTHROPIC_MODEL: 'outer-model',
      ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
      CLAUDECODE: '1',
      CLAUDE_CODE_ENTRYPOINT: 'cli',
      CLAUDE_CODE_USE_BEDROCK: '1',
      SOME_UNRELATED_VAR: 'x',
    })) {
      vi.stubEnv(name, value);
    }
    const cli = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:1234' });
    try {
      const env = merged(cli.env);
      expect(env).toEqual({
        ...(process.env['PATH'] === undefined ? {} : { PATH: process.env['PATH'] }),
        HOME: cli.homeDir,
        CLAUDE_CONFIG_DIR: cli.configDir,
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:1234',
        ANTHROPIC_API_KEY: 'test-key',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        ENABLE_TOOL_SEARCH: 'false',
        CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      });
      expect(Object.keys(env).filter((key) => /proxy/i.test(key))).toEqual([]);
      expect(cli.env['SOME_UNRELATED_VAR']).toBeUndefined();
      expect('SOME_UNRELATED_VAR' in cli.env).toBe(true);
    } finally {
      await cli.cleanup();
    }
  });

  it('names the auth token and proxy variables even when the outer env lacks them, and marks the SDK entrypoint', async () => {
    for (const name of ['CLAUDE_CODE_ENTRYPOINT', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDECODE', 'HTTPS_PROXY', 'no_proxy']) {
      vi.stubEnv(name, undefined);
    }
    const cli = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:1' });
    try {
      for (const name of ['ANTHROPIC_AUTH_TOKEN', 'CLAUDECODE', 'HTTPS_PROXY', 'no_proxy']) {
        expect(Object.hasOwn(cli.env, name)).toBe(true);
        expect(cli.env[name]).toBeUndefined();
      }
      expect(cli.env['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
    } finally {
      await cli.cleanup();
    }
  });

  it('creates a fresh home with the config dir inside, removed by cleanup()', async () => {
    const first = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:1' });
    const second = await hermeticCliEnv({ baseUrl: 'http://127.0.0.1:1' });
    try {
      expect(first.homeDir).not.toBe(second.homeDir);
      expect(dirname(first.configDir)).toBe(first.homeDir);
      expect(statSync(first.configDir).isDirectory()).toBe(true);
    } finally {
      await first.cleanup();
      await first.cleanup();
      await second.cleanup();
    }
    expect(existsSync(first.homeDir)).toBe(false);
    expect(existsSync(second.homeDir)).toBe(false);
  });

  it('takes an API key and extra variables, applied last', async () => {
    const cli = await hermeticCliEnv({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'sk-test',
      extra: { ENABLE_TOOL_SEARCH: 'true', MY_FLAG: 'on' },
    });
    try {
      expect(cli.env).toMatchObject({ ANTHROPIC_API_KEY: 'sk-test', ENABLE_TOOL_SEARCH: 'true', MY_FLAG: 'on' });
    } finally {
      await cli.cleanup();
    }
  });
});
