import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, STAND_IN_MESSAGE_TYPES, TOKEN } from './relay-fixture.js';

const bin = fileURLToPath(new URL('../../bin/hexagent-relay.js', import.meta.url));

/**
 * Starts the `hexagent-relay` bin in a process of its own with `config` (in a `relay.json`, passing
 * the stand-in's message types unless it says otherwise) and the test token; resolves once it
 * listens, with the process, its URL, its first line and what it wrote on stderr so far (which
 * also goes to this process's stderr).
 */
export async function startRelayProcess(
  config: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ relay: ChildProcess; url: string; stderr: () => string; banner: string }> {
  const file = path.join(makeTempDir(), 'relay.json');
  writeFileSync(file, JSON.stringify({ port: 0, allowedMessageTypes: STAND_IN_MESSAGE_TYPES, ...config }));
  const relay = spawn(process.execPath, [bin, '--config', file], {
    env: { ...env, HEXAGENT_RELAY_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  relay.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    relay.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    relay.once('exit', (code) => reject(new Error(`the relay exited with ${code}: ${stderr}`)));
  });
  return { relay, url, stderr: () => stderr, banner: out.split('\n')[0] ?? '' };
}

/** The resident memory of process `pid`, in MiB (from /proc). */
export function residentMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}

/** Stops a relay process started by {@link startRelayProcess} and waits for its exit. */
export async function stopRelayProcess(relay: ChildProcess): Promise<void> {
  if (relay.exitCode !== null || relay.signalCode !== null) return;
  const exited = new Promise((resolve) => relay.once('exit', resolve));
  relay.kill('SIGTERM');
  await exited;
}
