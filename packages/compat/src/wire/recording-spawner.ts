import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { SpawnOptions } from '@hexagent/sdk';

/** One line the SDK wrote to the CLI (`in`) or the CLI wrote to the SDK (`out`), as text. */
export interface RawLine {
  dir: 'in' | 'out';
  text: string;
}

/** One CLI process as an SDK started it: what it was given and every line both ways. */
export interface RawSpawn {
  command: string;
  args: string[];
  cwd: string | undefined;
  /** The variables set (those the SDK passed as `undefined` are left out). */
  env: Record<string, string>;
  lines: RawLine[];
  /** The last 4 KB of the CLI's stderr, for a scenario that fails. */
  stderrTail: string;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

/**
 * A `spawnClaudeCodeProcess` (both SDKs take one) that starts the real CLI with what the SDK asked
 * for and records every line both ways, through two pass-through streams between the SDK and the
 * process. `spawns` fills as the SDK starts processes; `closed()` waits until each has exited.
 */
export class RecordingSpawner {
  /** Each process started, in order. */
  readonly spawns: RawSpawn[] = [];
  private readonly exits: Promise<void>[] = [];

  /** The function to pass as `options.spawnClaudeCodeProcess`. */
  readonly spawn = (options: SpawnOptions): RecordedProcess => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const record: RawSpawn = {
      command: options.command,
      args: [...options.args],
      cwd: options.cwd,
      env,
      lines: [],
      stderrTail: '',
      exit: undefined,
    };
    this.spawns.push(record);
    const process = new RecordedProcess(child, record);
    this.exits.push(process.closed);
    options.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    return process;
  };

  /** Resolves once every process started so far has exited and its output was read. */
  async closed(): Promise<void> {
    await Promise.all(this.exits);
  }

  /** Kills every process still running (cleanup after a failed scenario). */
  killAll(): void {
    for (const process of RecordedProcess.live) process.kill('SIGKILL');
  }
}

/** The process the SDK sees: the child's streams teed through the recording, its exit relayed. */
export class RecordedProcess extends EventEmitter {
  static readonly live = new Set<RecordedProcess>();
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  /** Resolves once the child has exited and its stdio closed. */
  readonly closed: Promise<void>;
  private exitState: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(
    private readonly child: ChildProcess,
    record: RawSpawn,
  ) {
    super();
    RecordedProcess.live.add(this);
    const stdin = child.stdin;
    const stdout = child.stdout;
    const stderr = child.stderr;
    if (!stdin || !stdout || !stderr) throw new Error('the CLI was spawned without pipes');
    tee(this.stdin, 'in', record);
    tee(stdout, 'out', record);
    this.stdin.pipe(stdin);
    stdout.pipe(this.stdout);
    stdin.on('error', (error) => this.stdin.destroy(error));
    stderr.on('data', (chunk: Buffer) => {
      record.stderrTail = (record.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    child.on('error', (error) => this.emit('error', error));
    this.closed = new Promise((resolve) => {
      // 'close' comes after stdout ended, so the SDK has every line before it hears of the exit.
      child.on('close', (code, signal) => {
        this.exitState = { code, signal };
        record.exit = this.exitState;
        RecordedProcess.live.delete(this);
        this.emit('exit', code, signal);
        resolve();
      });
    });
  }

  get killed(): boolean {
    return this.child.killed;
  }

  get exitCode(): number | null {
    return this.exitState?.code ?? null;
  }

  get signalCode(): NodeJS.Signals | null {
    return this.exitState?.signal ?? null;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    return this.child.kill(signal);
  }
}

/** Records each whole line that passes through `stream` (read alongside its real consumer). */
function tee(stream: NodeJS.ReadableStream, dir: RawLine['dir'], record: RawSpawn): void {
  let pending = '';
  const decoder = new StringDecoder('utf8');
  stream.on('data', (chunk: Buffer | string) => {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const text = pending.slice(0, newline);
      if (text.trim() !== '') record.lines.push({ dir, text });
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (pending.trim() !== '') record.lines.push({ dir, text: pending });
  });
}
