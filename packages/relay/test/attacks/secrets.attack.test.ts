/**
 * Attack: reading the relay's secrets from inside the CLI it runs. The relay bin runs in a process
 * of its own with its token in `HEXAGENT_RELAY_TOKEN` and other secrets in its environment; the
 * "CLI" (the stand-in) reports the environment it got. The real CLI's tools (Bash, a hook, an MCP
 * server) are attacked in `test/e2e/attacks-real-cli.test.ts`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestScope, waitUntil } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { makeTempDir, removeTempDirs, standInCli, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(removeTempDirs);

const reporter = standInCli({ onStart: [{ info: 'env_report' }], echo: ['echo'] });

/** The environment the CLI got from a relay bin started with `config` and `extraEnv` on top of this process's. */
async function environmentOfCli(config: Record<string, unknown>, extraEnv: Record<string, string> = {}) {
  const { relay, url } = await startRelayProcess({ cliPath: reporter, ...config }, { ...process.env, ...extraEnv });
  scope.defer(() => stopRelayProcess(relay));
  const transport = webSocketTransport({ url, token: TOKEN })(buildTransportLaunch({}));
  await transport.start();
  try {
    for await (const message of transport.messages()) {
      if (message.type === 'env_report') return (message as unknown as { env: Record<string, string> }).env;
    }
    throw new Error('no env_report');
  } finally {
    await transport.close();
  }
}

function leaks(env: Record<string, string>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => name.startsWith('HEXAGENT_RELAY_') || value.includes(TOKEN))
    .map(([name]) => name);
}

describe('attack: the relay token from inside the CLI', () => {
  it("the CLI's environment holds neither the token nor the relay's other variables (default configuration)", async () => {
    const env = await environmentOfCli({}, { OPERATOR_DATABASE_PASSWORD: 'hunter2', HEXAGENT_RELAY_HOST: '127.0.0.1' });
    expect(leaks(env)).toEqual([]);
    expect(env).not.toHaveProperty('OPERATOR_DATABASE_PASSWORD');
    // What the CLI needs to run is there: it found node through PATH.
    expect(env['PATH']).toBe(process.env['PATH']);
  });

  it('an operator who names the token (inheritEnv, env, or another variable holding its value) still does not pass it', async () => {
    const env = await environmentOfCli(
      {
        inheritEnv: ['PATH', 'HEXAGENT_RELAY_TOKEN', 'COPY_OF_THE_TOKEN'],
        env: { HEXAGENT_RELAY_TOKEN: TOKEN, ANOTHER_COPY: `prefix-${TOKEN}` },
      },
      { COPY_OF_THE_TOKEN: TOKEN },
    );
    expect(leaks(env)).toEqual([]);
  });

  it("passes the operator's env and the variables it names, and the client's allowed keys", async () => {
    const env = await environmentOfCli(
      { inheritEnv: ['PATH', 'OPERATOR_PASSED'], env: { OPERATOR_FIXED: 'fixed' } },
      { OPERATOR_PASSED: 'passed', OPERATOR_NOT_NAMED: 'no' },
    );
    expect(env).toMatchObject({ OPERATOR_PASSED: 'passed', OPERATOR_FIXED: 'fixed', CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' });
    expect(env).not.toHaveProperty('OPERATOR_NOT_NAMED');
  });
});

describe.runIf(existsSync('/bin/bash') && existsSync('/proc/self/fd'))(
  'attack: a file the relay inherited, open in the CLI',
  () => {
    it('the relay started with descriptors open without close-on-exec (7, 20, 200): its CLI has only 0, 1 and 2', async () => {
      const dir = makeTempDir();
      const secret = path.join(dir, 'operator-secret');
      writeFileSync(secret, 'the operator keeps this from its CLIs');
      const cli = path.join(dir, 'cli');
      writeFileSync(cli, '#!/bin/sh\nexec sleep 300\n', { mode: 0o755 });
      const config = path.join(dir, 'relay.json');
      writeFileSync(config, JSON.stringify({ port: 0, cliPath: cli }));
      const bin = fileURLToPath(new URL('../../bin/hexagent-relay.js', import.meta.url));
      // bash opens them without close-on-exec, as a service manager or a careless parent would (Node.js
      // marks the low ones close-on-exec itself at start; 20 and 200 stay open across exec).
      const relay = spawn(
        '/bin/bash',
        [
          '-c',
          `exec 7<"$1" 20<"$1" 200<"$1"; exec "$2" "$3" --config "$4"`,
          'bash',
          secret,
          process.execPath,
          bin,
          config,
        ],
        { env: { ...process.env, HEXAGENT_RELAY_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      scope.defer(() => stopRelayProcess(relay));
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        relay.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (\S+)/.exec(out);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        relay.once('exit', (code) => reject(new Error(`the relay exited with ${code}`)));
      });
      const client = rawRelayClient(url, { type: 'relay_hello', argv: [], env: {} });
      try {
        const { ready } = await client.answer;
        // The stand-in is `sh` exec'ing `sleep`: sh holds its script open while it reads it, and right
        // after the exec the dynamic loader holds each library open (fd 3) while it maps it. So the
        // descriptors are read once `sleep` sleeps (inherited ones would survive all of that).
        await waitUntil('the stand-in to sleep', () => {
          const comm = readFileSync(`/proc/${ready?.pid}/comm`, 'utf8').trim();
          return comm === 'sleep' && readFileSync(`/proc/${ready?.pid}/wchan`, 'utf8').includes('nanosleep');
        });
        const open = readdirSync(`/proc/${ready?.pid}/fd`)
          .map(Number)
          .sort((a, b) => a - b)
          .map((fd) => `${fd} -> ${fd <= 2 ? 'std' : readlinkSync(`/proc/${ready?.pid}/fd/${fd}`)}`);
        expect(open).toEqual(['0 -> std', '1 -> std', '2 -> std']);
      } finally {
        client.close();
      }
    });
  },
);
