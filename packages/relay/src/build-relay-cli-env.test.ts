import { describe, expect, it } from 'vitest';
import { buildRelayCliEnv } from './build-relay-cli-env.js';

const TOKEN = 'the-relay-token-0123456789';
const processEnv = {
  PATH: '/usr/bin',
  HOME: '/home/relay',
  LC_ALL: 'C.UTF-8',
  ANTHROPIC_API_KEY: 'sk-test',
  AWS_SECRET_ACCESS_KEY: 'aws',
  HEXAGENT_RELAY_TOKEN: TOKEN,
  HEXAGENT_RELAY_PORT: '7878',
  NAMED_COPY: TOKEN,
};

describe('buildRelayCliEnv', () => {
  it('takes the named variables of the relay (a trailing * is a prefix), then the operator’s, then the client’s', () => {
    const env = buildRelayCliEnv(
      { inheritEnv: ['PATH', 'HOME', 'LC_*', 'ANTHROPIC_*'], env: { HOME: '/srv/home', EXTRA: 'x' }, tokens: [TOKEN] },
      { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' },
      processEnv,
      { HEXAGENT_PROCESS_TREE: 'abc.0' },
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/srv/home',
      LC_ALL: 'C.UTF-8',
      ANTHROPIC_API_KEY: 'sk-test',
      EXTRA: 'x',
      CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
      HEXAGENT_PROCESS_TREE: 'abc.0',
    });
  });

  it('never passes the relay’s own variables or the token, whatever the lists name', () => {
    const env = buildRelayCliEnv(
      {
        inheritEnv: ['*'],
        env: { HEXAGENT_RELAY_TOKEN: TOKEN, WRAPPED: `Bearer ${TOKEN}`, GONE: undefined },
        tokens: [TOKEN],
      },
      { HEXAGENT_RELAY_HOST: '0.0.0.0' },
      processEnv,
    );
    expect(Object.keys(env).sort()).toEqual(['ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'HOME', 'LC_ALL', 'PATH']);
  });
});
