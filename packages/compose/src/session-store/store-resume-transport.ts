import {
  type InboundMessage,
  type Options,
  type OutboundMessage,
  readTransport,
  type Transport,
  type TransportFactory,
  type TransportLaunch,
  type TransportSink,
} from '@hexagent/core';
import { PENDING_RESUME, resumedLaunch } from '@hexagent/transport-kit';
import { projectDirName } from './cli-config-dir.js';
import { loadResumeTranscripts } from './load-resume-transcripts.js';
import { withLoadTimeout } from './with-load-timeout.js';

/** Default bound on each store call of a resume (the official `loadTimeoutMs` default). */
export const DEFAULT_LOAD_TIMEOUT_MS = 60_000;

/**
 * The options a store resume's launch is built from, once, when the session is created: `resume`
 * (or, for `continue`, {@link PENDING_RESUME} until the session is found), without `continue` (the
 * CLI gets no `--continue` with a store: the session is resumed by id).
 */
export function storeResumeLaunchOptions(options: Options): Options {
  const { continue: _continue, ...rest } = options;
  return { ...rest, resume: options.resume ?? PENDING_RESUME };
}

/**
 * A `Transport` for `resume` or `continue` with `sessionStore`: its `start()` first finds the
 * session (`continue`: the latest of `listSessions` for the project), loads its transcripts from
 * the store as data ({@link loadResumeTranscripts}; nothing is written here), then completes the
 * launch built when the session was created (from {@link storeResumeLaunchOptions};
 * `resumedLaunch`: the session's id, the transcripts as its `resumeTranscripts`), makes the real
 * transport and starts it. That transport takes the transcripts where its CLI resumes them (a
 * local CLI: a private config dir the transport writes and removes) and says where its CLI keeps
 * them (`cliConfigDir`, passed on here), so the mirror maps the files that CLI writes.
 */
export class StoreResumeTransport implements Transport {
  readonly specificationVersion = 'v1' as const;
  private readonly options: Options;
  private readonly factory: TransportFactory;
  private readonly launch: TransportLaunch;
  private inner: Transport | undefined;
  private closed = false;

  /** `launch`: built once from {@link storeResumeLaunchOptions}. */
  constructor(options: Options, factory: TransportFactory, launch: TransportLaunch) {
    this.options = options;
    this.factory = factory;
    this.launch = launch;
  }

  get isOpen(): boolean {
    return this.inner?.isOpen ?? false;
  }

  /** The real transport's `cliConfigDir` (where its CLI resumed the session), once started. */
  get cliConfigDir(): string | undefined {
    return this.inner?.cliConfigDir;
  }

  async start(): Promise<void> {
    const options = this.options;
    const store = options.sessionStore;
    if (store === undefined) throw new Error('StoreResumeTransport needs options.sessionStore');
    const env = options.env ?? process.env;
    const timeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
    const projectKey = projectDirName(options.cwd, env);
    let sessionId = options.resume;
    if (sessionId === undefined && store.listSessions !== undefined) {
      const list = store.listSessions;
      const sessions = await withLoadTimeout(() => list.call(store, projectKey), {
        operation: 'listSessions',
        timeoutMs,
      });
      sessionId = [...sessions].sort((a, b) => b.mtime - a.mtime)[0]?.sessionId;
    }
    const transcripts =
      sessionId === undefined
        ? undefined
        : await loadResumeTranscripts({ store, sessionId, projectKey, loadTimeoutMs: timeoutMs });
    if (this.closed) throw new Error('The session was closed while its transcript was loaded from the store');
    this.inner = this.factory(resumedLaunch(this.launch, { sessionId, transcripts }));
    await this.inner.start();
  }

  send(message: OutboundMessage): Promise<void> {
    if (this.inner === undefined) return Promise.reject(new Error('StoreResumeTransport: send before start'));
    return this.inner.send(message);
  }

  messages(): AsyncIterable<InboundMessage> {
    if (this.inner === undefined) throw new Error('StoreResumeTransport: messages before start');
    return this.inner.messages();
  }

  subscribe(sink: TransportSink): void {
    if (this.inner === undefined) throw new Error('StoreResumeTransport: subscribe before start');
    readTransport(this.inner, sink);
  }

  endInput(): void {
    this.inner?.endInput();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inner?.close();
  }
}
