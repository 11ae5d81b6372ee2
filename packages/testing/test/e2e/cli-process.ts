import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InboundMessage } from '@hexagent/core';

/** The real CLI's native binary, from the `bin` of `@anthropic-ai/claude-code`. */
export function claudeBinary(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@anthropic-ai/claude-code/package.json');
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin['claude'];
  if (bin === undefined) throw new Error('@anthropic-ai/claude-code has no "claude" bin');
  return join(dirname(manifestPath), bin);
}

/** The arguments hexagent always passes, plus no settings sources. */
export const BASE_ARGS = [
  '--output-format',
  'stream-json',
  '--verbose',
  '--input-format',
  'stream-json',
  '--setting-sources=',
];

/** A running CLI with line-oriented JSON I/O, for end-to-end tests. */
export class CliProcess {
  /** Every JSON line the CLI wrote to stdout, in order. */
  readonly messages: InboundMessage[] = [];
  /** Everything the CLI wrote to stderr. */
  stderr = '';
  /** Resolves with the exit code (or signal) once the process exits. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private readonly child: ChildProcess;
  private readonly consumed = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private buffer = '';
  private running = true;

  constructor(options: { env: Record<string, string | undefined>; cwd: string; args?: string[] }) {
    const env: Record<string, string | undefined> = { ...process.env, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    this.child = spawn(claudeBinary(), [...BASE_ARGS, ...(options.args ?? [])], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8');
    this.child.stderr?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.child.stdin?.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.running = false;
        resolve({ code, signal });
        this.notify();
      });
      this.child.on('error', () => {
        this.running = false;
        resolve({ code: null, signal: null });
        this.notify();
      });
    });
  }

  /** True until the process exits. */
  get isRunning(): boolean {
    return this.running;
  }

  /** Writes one JSON line to stdin. */
  send(message: object): void {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  /** Closes stdin. */
  endInput(): void {
    this.child.stdin?.end();
  }

  /** Kills the process if it is still running. */
  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }

  /**
   * The earliest stdout message matching `predicate` that no earlier `next` returned, waiting for
   * it; rejects on timeout or exit, with the output so far.
   */
  next(predicate: (message: InboundMessage) => boolean, timeoutMs = 30_000): Promise<InboundMessage> {
    return new Promise<InboundMessage>((resolve, reject) => {
      const check = (): boolean => {
        const index = this.messages.findIndex((message, i) => !this.consumed.has(i) && predicate(message));
        if (index >= 0) {
          this.consumed.add(index);
          done();
          resolve(this.messages[index] as InboundMessage);
          return true;
        }
        if (!this.running) {
          done();
          reject(new Error(`CLI exited before the expected message.\n${this.transcript()}`));
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No expected message within ${timeoutMs} ms.\n${this.transcript()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => {
        check();
      };
      if (!check()) this.listeners.add(listener);
    });
  }

  /** A short dump of the output, for failure messages. */
  transcript(): string {
    const lines = this.messages.map((message) => JSON.stringify(message).slice(0, 300));
    return `--- stdout ---\n${lines.join('\n')}\n--- stderr ---\n${this.stderr.slice(-2000)}`;
  }

  private onStdout(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (line !== '') this.messages.push(JSON.parse(line) as InboundMessage);
      newline = this.buffer.indexOf('\n');
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
