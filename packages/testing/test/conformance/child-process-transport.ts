import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { AsyncQueue, type InboundMessage, type OutboundMessage, type Transport } from '@hexagent/core';

/**
 * A minimal subprocess transport, used only to check that the conformance suite can be passed by a
 * real process over pipes (the production one is `@hexagent/transport-cli`).
 */
export class ChildProcessTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly command: string;
  private readonly args: string[];
  private readonly queue = new AsyncQueue<InboundMessage>();
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private closing = false;
  private running = false;

  constructor(command: string, args: string[]) {
    this.command = command;
    this.args = args;
  }

  async start(): Promise<void> {
    const child = spawn(this.command, this.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    if (child.stdout !== null) {
      createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        if (line.trim() !== '') this.queue.push(JSON.parse(line) as InboundMessage);
      });
    }
    child.stdin?.on('error', () => {});
    this.exited = new Promise<void>((resolve) => {
      child.on('close', (code, signal) => {
        this.running = false;
        if (this.closing || code === 0) this.queue.end();
        else this.queue.end(new Error(`peer exited with ${code ?? signal}`));
        resolve();
      });
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    this.running = true;
  }

  send(message: OutboundMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!this.isOpen || stdin === undefined || stdin === null || stdin.writableEnded) {
      return Promise.reject(new Error('transport is closed'));
    }
    return new Promise<void>((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  messages(): AsyncIterable<InboundMessage> {
    return this.queue;
  }

  endInput(): void {
    this.child?.stdin?.end();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.running) {
      this.child?.stdin?.end();
      this.child?.kill('SIGTERM');
    }
    await this.exited;
  }

  get isOpen(): boolean {
    return this.running && !this.closing;
  }
}
