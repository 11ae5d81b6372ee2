import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRelayConfig } from './load-relay-config.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

function configFile(content: object): string {
  const dir = scope.tempDir('relay-config-');
  const file = path.join(dir, 'relay.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('loadRelayConfig', () => {
  it('takes the token from the environment and resolves paths against the file', () => {
    const file = configFile({ cliPath: 'bin/claude', cwdRoots: ['work'], maxConnections: 2 });
    const config = loadRelayConfig(file, { HEXAGENT_RELAY_TOKEN: 'from-env-0123456789', HEXAGENT_RELAY_PORT: '9000' });
    const dir = path.dirname(file);
    expect(config).toMatchObject({
      token: 'from-env-0123456789',
      cliPath: path.join(dir, 'bin/claude'),
      cwdRoots: [path.join(dir, 'work')],
      maxConnections: 2,
      port: 9000,
    });
  });

  it('takes the token from tokenFile, its first line', () => {
    const file = configFile({ tokenFile: 'token' });
    writeFileSync(path.join(path.dirname(file), 'token'), 'from-file-0123456789\nignored\n');
    expect(loadRelayConfig(file, {}).token).toBe('from-file-0123456789');
  });

  it('refuses to start without a token or with an unreadable file', () => {
    expect(() => loadRelayConfig(undefined, {})).toThrow(/HEXAGENT_RELAY_TOKEN/);
    expect(() => loadRelayConfig('/nonexistent/relay.json', {})).toThrow(/cannot read/);
  });
});
