import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { StandInReport, StandInScenario } from './stand-in-scenario.js';

/** Called with the SDK's `response` to one of our control requests and the time its line was read. */
export type Waiter = (response: Record<string, unknown>, readAt: bigint) => void;

/** The version capture 01 was recorded with. */
export const CAPTURE_VERSION = '2.1.329';

/**
 * The state of one stand-in process and its ways to talk: what `initialize` said, our control
 * requests waiting for an answer, the turn in progress, and stdout, stderr and the notes file.
 */
export class StandInSession {
  readonly scenario: StandInScenario;
  /** Where relative paths of the scenario resolve. */
  readonly baseDir: string;
  readonly sessionId = randomUUID();
  readonly version: string;
  /** Our control requests waiting for the SDK's answer, by request id. */
  readonly waiting = new Map<string, Waiter>();
  /** `sdkMcpServers` of `initialize`. */
  sdkServers: string[] = [];
  /** Manifests by server: those `initialize` carried, then those the handshake learnt. */
  manifests: Record<string, unknown> = {};
  /** Whether the client sent manifests in `initialize` (so no handshake was needed). */
  manifestsSent = false;
  handshakeDone = false;
  /** Whether `system`/`init` went out (a `first-turn` one goes out once). */
  systemInitSent = false;
  turnCount = 0;
  /** When the turn in progress started (`Date.now()`), for the `result`'s duration. */
  turnStartedAt = Date.now();
  /** The report of the turn's last workload step, for its `result`. */
  report: StandInReport | undefined;
  /** The next message number for API-shaped ids (see `apiId`). */
  nextMessage = 0;
  /** After an `ignoreEndOfInput` step: the end of input runs nothing, the process stays until killed. */
  ignoresEndOfInput = false;
  private readonly notesFile: string | undefined;

  constructor(scenario: StandInScenario, baseDir: string) {
    this.scenario = scenario;
    this.baseDir = baseDir;
    this.version = scenario.version ?? CAPTURE_VERSION;
    this.notesFile = scenario.notesFile === undefined ? undefined : this.path(scenario.notesFile);
  }

  /** `path` resolved against the scenario's directory. */
  path(path: string): string {
    return isAbsolute(path) ? path : resolve(this.baseDir, path);
  }

  /** Writes one message as a JSON line. */
  send(message: Record<string, unknown>): void {
    process.stdout.write(`${JSON.stringify(message)}\n`);
  }

  /** Writes to stdout, waiting for the pipe to take it when it is full. */
  async write(data: string | Uint8Array): Promise<void> {
    if (!process.stdout.write(data)) await once(process.stdout, 'drain');
  }

  /** Writes to `stream` and resolves once written, so that an exit after it loses nothing. */
  flushWrite(stream: NodeJS.WriteStream, data: string | Uint8Array): Promise<void> {
    return new Promise((done) => stream.write(data, () => done()));
  }

  /** Set once a step closed stdout: nothing more can be written there. */
  stdoutClosed = false;

  /** Resolves once everything written so far to stdout and stderr has left the process (before an exit or a kill). */
  async flush(): Promise<void> {
    if (!this.stdoutClosed) await this.flushWrite(process.stdout, '');
    await this.flushWrite(process.stderr, '');
  }

  /** Sends a control request and resolves with the SDK's `response`. */
  request(subtype: string, payload: Record<string, unknown> = {}, id: string = randomUUID()) {
    return new Promise<Record<string, unknown>>((answered) => {
      this.waiting.set(id, (response) => answered(response));
      this.send({ type: 'control_request', request_id: id, request: { subtype, ...payload } });
    });
  }

  /** Appends `name <JSON value>` to the notes file, if there is one. */
  note(name: string, value: unknown): void {
    if (this.notesFile !== undefined) appendFileSync(this.notesFile, `${name} ${JSON.stringify(value ?? null)}\n`);
  }

  /** Whether notes are kept (so the per-message note costs nothing otherwise). */
  get notes(): boolean {
    return this.notesFile !== undefined;
  }
}

/** Writes `stand-in CLI: <message>` to stderr and exits with code 2. */
export function fatal(message: string): never {
  process.stderr.write(`stand-in CLI: ${message}\n`);
  process.exit(2);
}
