import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A throwaway sshd on 127.0.0.1 for the tests, with a key only this run has. */
export interface Sshd {
  /** Its port on 127.0.0.1. */
  port: number;
  /** `ssh` to it as this user with the run's key, no host-key prompts: `[...ssh, command]`, or through `port`. */
  ssh(port?: number): string[];
  stop(): Promise<void>;
}

const inCi = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/** Where a binary is: on PATH, or (sshd) in the sbin directories a user's PATH may lack. */
function findBinary(name: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return dirs.map((dir) => join(dir, name)).find((path) => path.startsWith('/') && existsSync(path));
}

/**
 * The ssh client, ssh-keygen and sshd, or why the ssh tests cannot run: `undefined` when all are
 * here; else a message, and under `CI` an error (the CI installs them: .ci/run).
 */
export function sshMissing(): string | undefined {
  const missing = ['ssh', 'ssh-keygen', 'sshd'].filter((name) => findBinary(name) === undefined);
  if (missing.length === 0) return undefined;
  const message = `The ssh tests did not run: ${missing.join(', ')} not found. Install them (apt-get install openssh-server openssh-client) to run them.`;
  if (inCi(process.env['CI'])) throw new Error(`${message} In CI this is a failure.`);
  return message;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** Resolves once something accepts connections on `port`; rejects when `child` exits first. */
function listening(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`sshd exited (${code}): ${stderr()}`));
    child.once('exit', onExit);
    const attempt = () => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        child.off('exit', onExit);
        resolve();
      });
      socket.once('error', () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

/** Starts sshd (`-D`, its own config, host and user keys in a temp dir) on a free loopback port. */
export async function startSshd(): Promise<Sshd> {
  const home = mkdtempSync(join(tmpdir(), 'hexagent-sshd-'));
  const keygen = findBinary('ssh-keygen') as string;
  for (const key of ['host_key', 'user_key'])
    execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', join(home, key)]);
  writeFileSync(join(home, 'authorized_keys'), readFileSync(join(home, 'user_key.pub')));
  // sshd's privilege separation needs this directory (Debian's unit makes it).
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = [
    `ListenAddress 127.0.0.1:${port}`,
    `HostKey ${join(home, 'host_key')}`,
    `AuthorizedKeysFile ${join(home, 'authorized_keys')}`,
    `PidFile ${join(home, 'sshd.pid')}`,
    'PermitRootLogin prohibit-password',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'StrictModes no',
    // A link gone silent ends the session on this side too (the watchdog then stops the CLI).
    'ClientAliveInterval 1',
    'ClientAliveCountMax 2',
    'LogLevel ERROR',
  ];
  writeFileSync(join(home, 'sshd_config'), `${config.join('\n')}\n`);
  const sshd = findBinary('sshd') as string;
  const child = spawn(sshd, ['-D', '-e', '-f', join(home, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  try {
    await listening(port, child, () => stderr);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  const ssh = findBinary('ssh') as string;
  return {
    port,
    ssh: (via = port) => [
      ssh,
      '-T',
      '-i',
      join(home, 'user_key'),
      '-p',
      String(via),
      '-F',
      '/dev/null',
      '-o',
      'BatchMode=yes',
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'LogLevel=ERROR',
      '-o',
      'ServerAliveInterval=1',
      '-o',
      'ServerAliveCountMax=2',
      `${process.env['USER'] ?? 'root'}@127.0.0.1`,
    ],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
