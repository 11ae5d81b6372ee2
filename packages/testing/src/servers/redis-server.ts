import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
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
  /**
   * Stops the server process but keeps its directory, as an outage would: clients see their
   * connections drop and new ones refused. {@link restart} brings it back. PostgreSQL shuts down
   * fast (SIGINT); redis-server is killed (SIGKILL).
   */
  halt(): Promise<void>;
  /**
   * Starts a halted server again on the same port with the same directory, and resolves once it
   * accepts connections. PostgreSQL keeps its data; Redis keeps it when started with `persistent`.
   */
  restart(): Promise<void>;
}

/** The `redis-server` on `PATH`, or `undefined` when there is none (`apt-get install redis-server`). */
export function findRedisServer(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /** The `redis-server` binary; default the one on `PATH`. */
  binary?: string;
  /** The port; default a free one. */
  port?: number;
  /**
   * Write every change to an append-only file in the server's directory, so the data survives
   * `halt()` and `restart()`; default false (no persistence at all).
   */
  persistent?: boolean;
}

/**
 * Starts a throwaway `redis-server` on 127.0.0.1 (a free port unless `port` is given) in a temp
 * directory, without persistence (`--save '' --appendonly no`) unless `persistent`, and resolves
 * once it accepts connections. `binary` defaults to the one on `PATH`.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RunningServer> {
  const binary = options.binary ?? findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not on PATH (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'hexagent-redis-'));
  const port = options.port ?? (await freePort());
  const appendOnly = options.persistent === true ? 'yes' : 'no';
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', appendOnly, '--dir', dir];
  let child: ChildProcess | undefined;
  try {
    child = await spawnRedis(binary, args);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const kill = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    halt: kill,
    async restart() {
      if (child !== undefined) throw new Error('redis-server is running: halt() it first');
      child = await spawnRedis(binary, args);
    },
  };
}

/** Spawns redis-server and resolves once it says it accepts connections. */
async function spawnRedis(binary: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout = child.stdout;
  if (stdout === null) throw new Error('redis-server has no stdout');
  stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start: ${output}`));
    }, 10_000);
    const onData = (chunk: string) => {
      output += chunk;
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      stdout.off('data', onData);
      stdout.resume();
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    };
    stdout.on('data', onData);
    child.once('exit', onExit);
  });
  child.stderr?.resume();
  return child;
}
