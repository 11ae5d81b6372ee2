/**
 * Replacing the token of a running relay bin: a new token in `tokenFile` and SIGHUP. The new token
 * opens connections at once; the previous one still does for `tokenGraceMs`, then is refused, and
 * the connections it opened are ended (`token_revoked`, 4401). A file holding no valid token changes
 * nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TestScope } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { RelayRefusedError, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from './helpers/raw-relay-client.js';
import { isAlive, makeTempDir, removeTempDirs, standInCli, TOKEN } from './helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from './helpers/relay-process.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(removeTempDirs);

const NEW_TOKEN = 'the-next-token-0123456789abcdef';
const hello = { type: 'relay_hello', argv: [], env: {} };

/** Whether a client with `token` gets a running CLI; the reason when refused. */
async function opens(url: string, token: string): Promise<true | string> {
  const transport = webSocketTransport({ url, token })(buildTransportLaunch({}));
  const error = await transport.start().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  await transport.close();
  if (error === undefined) return true;
  return RelayRefusedError.isInstance(error) ? error.reason : String(error);
}

describe('replacing the token of a running relay (SIGHUP)', () => {
  it('the new one opens at once, the old one until its grace ends; then it is refused and its connections end', async () => {
    const dir = makeTempDir();
    const tokenFile = path.join(dir, 'token');
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const { relay, url, stderr } = await startRelayProcess({
      cliPath: standInCli({ echo: true }),
      tokenFile,
      tokenGraceMs: 4000,
    });
    scope.defer(() => stopRelayProcess(relay));
    const before = rawRelayClient(url, hello, TOKEN);
    const { ready } = await before.answer;
    expect(ready).toBeDefined();

    // A file that holds no valid token: the current one stays.
    writeFileSync(tokenFile, 'short\n');
    relay.kill('SIGHUP');
    await expect.poll(stderr).toContain('token not reloaded');
    expect(await opens(url, TOKEN)).toBe(true);

    writeFileSync(tokenFile, `${NEW_TOKEN}\n`);
    const replacedAt = Date.now();
    relay.kill('SIGHUP');
    await expect.poll(stderr).toContain('token reloaded');
    expect(await opens(url, NEW_TOKEN)).toBe(true);
    const after = rawRelayClient(url, hello, NEW_TOKEN);
    expect((await after.answer).ready).toBeDefined();
    // Within the grace period the old token still opens connections.
    expect(await opens(url, TOKEN)).toBe(true);
    expect(Date.now() - replacedAt, 'still within the grace period').toBeLessThan(4000);

    // Then it is refused, and the connection it opened ends; the new token's goes on.
    expect(await before.closed).toBe(4401);
    expect(Date.now() - replacedAt).toBeGreaterThanOrEqual(3900);
    expect(before.errors).toMatchObject([{ reason: 'token_revoked' }]);
    await expect.poll(() => isAlive(ready?.pid ?? -1)).toBe(false);
    expect(await opens(url, TOKEN)).toBe('unauthorized');
    after.socket.send(JSON.stringify({ type: 'echo', still: 'here' }));
    expect(await after.waitForLine((line) => line.still === 'here')).toBeDefined();
    after.close();
  }, 60_000);
});
