import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** A throwaway server a test started: where it listens, and how to stop it (its files go too). */
export interface RunningServer {
  /** The URL to connect to (`redis://127.0.0.1:<port>`, `postgres://...@127.0.0.1:<port>/postgres`). */
  url: string;
  /** The loopback port. */
  port: number;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The `redis-server` on `PATH`, or `undefined` when there is none (`apt-get install redis-server`). */
export function findRedisServer(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a throwaway `redis-server` on 127.0.0.1 (a free port unless `port` is given) in a temp
 * directory, without persistence (`--save '' --appendonly no`), and resolves once it accepts
 * connections. `binary` defaults to the one on `PATH`.
 */
export async function startRedisServer(options: { binary?: string; port?: number } = {}): Promise<RunningServer> {
  const binary = options.binary ?? findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not on PATH (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'hexagent-redis-'));
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    const onData = (chunk: string) => {
      output += chunk;
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve();
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
