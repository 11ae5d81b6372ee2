import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  type InboundMessage,
  InboundMessageStream,
  type OutboundMessage,
  type Transport,
  TransportClosedError,
  TransportInputClosedError,
  type TransportSink,
  TransportStartError,
} from '@hexagent/core';

/**
 * A minimal subprocess transport, used only to check that the conformance suite can be passed by a
 * real process over pipes (the production one is `@hexagent/transport-cli`), in both read modes.
 */
export class ChildProcessTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly command: string;
  private readonly args: string[];
  private readonly inbound = new InboundMessageStream({
    owner: 'ChildProcessTransport',
    onSinkError: () => void this.close(),
  });
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private state: 'idle' | 'starting' | 'open' | 'closed' = 'idle';
  private closing = false;
  private inputEnded = false;

  constructor(command: string, args: string[]) {
    this.command = command;
    this.args = args;
  }

  async start(): Promise<void> {
    if (this.closing) throw new TransportClosedError({ message: 'ChildProcessTransport: start() after close()' });
    if (this.state !== 'idle')
      throw new TransportStartError({ message: 'ChildProcessTransport: start() called twice' });
    this.state = 'starting';
    const child = spawn(this.command, this.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    if (child.stdout !== null) {
      createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        if (line.trim() !== '') this.inbound.push(JSON.parse(line) as InboundMessage);
      });
    }
    child.stdin?.on('error', () => {});
    this.exited = new Promise<void>((resolve) => {
      child.on('close', (code, signal) => {
        this.state = 'closed';
        if (this.closing || code === 0) this.inbound.end();
        else this.inbound.end(new Error(`peer exited with ${code ?? signal}`));
        resolve();
      });
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      this.state = 'closed';
      throw new TransportStartError({ message: `ChildProcessTransport: ${String(error)}`, cause: error });
    }
    if (this.state === 'starting') this.state = 'open';
  }

  send(message: OutboundMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!this.isOpen || this.inputEnded || stdin === undefined || stdin === null || stdin.writableEnded) {
      return Promise.reject(new TransportInputClosedError());
    }
    return new Promise<void>((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error) =>
        error ? reject(new TransportInputClosedError({ cause: error })) : resolve(),
      );
    });
  }

  messages(): AsyncIterable<InboundMessage> {
    return this.inbound.messages();
  }

  subscribe(sink: TransportSink): void {
    this.inbound.subscribe(sink);
  }

  endInput(): void {
    this.inputEnded = true;
    this.child?.stdin?.end();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.state === 'idle') {
      this.state = 'closed';
      this.inbound.end();
      return;
    }
    if (this.state !== 'closed') {
      this.child?.stdin?.end();
      this.child?.kill('SIGTERM');
    }
    await this.exited;
  }

  get isOpen(): boolean {
    return this.state === 'open' && !this.closing;
  }
}
