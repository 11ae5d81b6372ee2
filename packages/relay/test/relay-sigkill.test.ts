/**
 * A relay that is SIGKILLed cannot stop its CLIs itself; its guardian (the kit's `ProcessGuardian`) does. The "CLI" here is
 * the worst case: it ignores the end of its stdin (as the real CLI does while it waits on a model
 * call) and has a child of its own. Both must be gone within seconds of the relay.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectKeyForPath } from '@hexagent/core';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from './helpers/raw-relay-client.js';
import { isAlive, makeTempDir, removeTempDirs, TOKEN } from './helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from './helpers/relay-process.js';

const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(removeTempDirs);

/** Starts the relay bin running `cliPath`; resolves with the process and its URL. */
async function startRelayProcessFor(cliPath: string): Promise<{ relay: ChildProcess; url: string }> {
  const started = await startRelayProcess({ cliPath, killTimeoutMs: 1000 });
  if (started.relay.pid !== undefined) leftovers.push(started.relay.pid);
  return started;
}

/** Waits until none of `pids` runs; resolves with how long that took, or rejects after `withinMs`. */
async function goneWithin(pids: number[], withinMs: number): Promise<number> {
  const started = Date.now();
  while (pids.some(isAlive)) {
    if (Date.now() - started > withinMs) throw new Error(`still running: ${pids.filter(isAlive).join(', ')}`);
    await sleep(50);
  }
  return Date.now() - started;
}

describe('a SIGKILLed relay', () => {
  it('leaves no CLI: its guard kills the process groups of the CLIs it ran (the CLI and its children)', async () => {
    const dir = makeTempDir();
    const pids = path.join(dir, 'pids');
    const cli = path.join(dir, 'stubborn-cli.mjs');
    writeFileSync(
      cli,
      `#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const child = spawn('sleep', ['300'], { stdio: 'ignore' });
writeFileSync(${JSON.stringify(pids)}, process.pid + ' ' + child.pid);
process.stdin.resume();
process.stdin.on('end', () => {}); // ignores the end of its input, as the CLI does mid-model-call
setInterval(() => {}, 1000);
`,
      { mode: 0o755 },
    );
    const { relay, url } = await startRelayProcessFor(cli);
    const transport = webSocketTransport({ url, token: TOKEN })(buildTransportLaunch({}));
    await transport.start();
    let running: number[] = [];
    for (let i = 0; i < 100 && running.length < 2; i++) {
      await sleep(50);
      try {
        running = readFileSync(pids, 'utf8').split(' ').map(Number);
      } catch {}
    }
    expect(running).toHaveLength(2);
    leftovers.push(...running);
    expect(running.every(isAlive)).toBe(true);

    relay.kill('SIGKILL');
    const goneMs = await goneWithin(running, 6_000);
    console.log(`[relay] SIGKILLed relay: its CLI and the CLI's child gone ${goneMs} ms after`);
    await transport.close().catch(() => {});
  }, 30_000);

  it('a relay closed cleanly leaves no guard behind', async () => {
    const { relay } = await startRelayProcessFor(process.execPath);
    const guards = () =>
      readFileSync(`/proc/${relay.pid}/task/${relay.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const [guard] = guards().map(Number);
    expect(guard).toBeGreaterThan(0);
    expect(readFileSync(`/proc/${guard}/cmdline`, 'utf8')).toContain('hexagent-guardian');
    const exited = new Promise((resolve) => relay.once('exit', resolve));
    relay.kill('SIGTERM');
    await exited;
    await goneWithin([guard as number], 3_000);
  }, 30_000);

  describe("the resumed sessions' config directories (a copy of the credentials, the client's transcripts)", () => {
    const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';

    /** A relay bin with its own TMPDIR and HOME (credentials in it), and a client resuming a session through it. */
    async function relayWithResumedSession() {
      const tmp = makeTempDir();
      const home = makeTempDir();
      mkdirSync(path.join(home, '.claude'));
      writeFileSync(path.join(home, '.claude', '.credentials.json'), '{"secret":"relay"}');
      const root = realpathSync(makeTempDir());
      const cli = path.join(makeTempDir(), 'cli');
      // Ignores the end of its input, as the real CLI does mid-model-call.
      writeFileSync(cli, '#!/bin/sh\nexec sleep 300\n', { mode: 0o755 });
      const env = { ...process.env, TMPDIR: tmp, HOME: home };
      const started = await startRelayProcess({ cliPath: cli, cwdRoots: [root], killTimeoutMs: 1000 }, env);
      if (started.relay.pid !== undefined) leftovers.push(started.relay.pid);
      const client = rawRelayClient(started.url, {
        type: 'relay_hello',
        argv: [`--resume=${SID}`],
        env: {},
        cwd: root,
        resume: { files: [{ path: `${projectKeyForPath(root)}/${SID}.jsonl`, content: '{"type":"user"}\n' }] },
      });
      const { ready } = await client.answer;
      expect(ready?.configDir).toBeDefined();
      leftovers.push(ready?.pid ?? -1);
      const resumeDir = ready?.configDir as string;
      expect(readFileSync(path.join(resumeDir, '.credentials.json'), 'utf8')).toBe('{"secret":"relay"}');
      expect(existsSync(path.join(resumeDir, 'projects', projectKeyForPath(root), `${SID}.jsonl`))).toBe(true);
      return { ...started, client, resumeDir, tmp, env, cli, root };
    }

    it('a SIGKILLed relay: its guard removes them', async () => {
      const { relay, client, resumeDir } = await relayWithResumedSession();
      relay.kill('SIGKILL');
      await expect.poll(() => existsSync(resumeDir), { timeout: 10_000 }).toBe(false);
      client.close();
    }, 30_000);

    it('the relay and its guard SIGKILLed together: the next relay to start removes them', async () => {
      const { relay, client, resumeDir, tmp, env, cli, root } = await relayWithResumedSession();
      const guard = Number(
        readFileSync(`/proc/${relay.pid}/task/${relay.pid}/children`, 'utf8').trim().split(/\s+/)[0],
      );
      expect(readFileSync(`/proc/${guard}/cmdline`, 'utf8')).toContain('hexagent-guardian');
      // Stopped first: a relay that saw its guardian die would start another (the kit's guardian is replaced).
      relay.kill('SIGSTOP');
      process.kill(guard, 'SIGKILL');
      relay.kill('SIGKILL');
      await goneWithin([guard, relay.pid as number], 5_000);
      expect(existsSync(resumeDir), 'nobody removed it').toBe(true);
      client.close();
      const next = await startRelayProcess({ cliPath: cli, cwdRoots: [root] }, env);
      if (next.relay.pid !== undefined) leftovers.push(next.relay.pid);
      expect(existsSync(resumeDir)).toBe(false);
      // Only the new relay's own runtime directory is left.
      expect(readdirSync(tmp).filter((name) => name.startsWith('hexagent-relay-'))).toHaveLength(1);
      await stopRelayProcess(next.relay);
    }, 30_000);
  });
});
