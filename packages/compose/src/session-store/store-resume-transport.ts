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
import { materializeResume, removeResumeDir } from './materialize-resume.js';
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
 * session (`continue`: the latest of `listSessions` for the project), loads it from the store into
 * a temporary config dir ({@link materializeResume}), then completes the launch built when the
 * session was created (from {@link storeResumeLaunchOptions}; `resumedLaunch`: the session's id,
 * the directory as its `resumeConfigDir` and local `CLAUDE_CONFIG_DIR`, the loaded transcripts as
 * its `resumeTranscripts`), makes the real transport
 * and starts it. `close()` removes the
 * directory once the CLI has stopped. `onConfigDir` is told the directory, so the mirror maps the
 * files the CLI writes there. A transport whose CLI runs on another host takes the transcripts
 * there itself, and says where its CLI keeps them (`cliConfigDir`, passed on here).
 */
export class StoreResumeTransport implements Transport {
  readonly specificationVersion = 'v1' as const;
  private readonly options: Options;
  private readonly factory: TransportFactory;
  private readonly launch: TransportLaunch;
  private readonly onConfigDir: (dir: string) => void;
  private inner: Transport | undefined;
  private tempDir: string | undefined;
  private closed = false;

  /** `launch`: built once from {@link storeResumeLaunchOptions}. */
  constructor(
    options: Options,
    factory: TransportFactory,
    launch: TransportLaunch,
    onConfigDir: (dir: string) => void,
  ) {
    this.options = options;
    this.factory = factory;
    this.launch = launch;
    this.onConfigDir = onConfigDir;
  }

  get isOpen(): boolean {
    return this.inner?.isOpen ?? false;
  }

  /** The real transport's `cliConfigDir` (a CLI on another host), once started. */
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
    const loaded =
      sessionId === undefined
        ? undefined
        : await materializeResume({ store, sessionId, projectKey, env, loadTimeoutMs: timeoutMs });
    const dir = loaded?.configDir;
    if (this.closed) {
      if (dir !== undefined) await removeResumeDir(dir);
      throw new Error('The session was closed while its transcript was loaded from the store');
    }
    this.tempDir = dir;
    if (dir !== undefined) this.onConfigDir(dir);
    // An inherited environment stays inherited: a transport whose CLI runs elsewhere never sends
    // this process's environment. The launch's resumeConfigDir tells a local CLI where the session
    // is; its resumeTranscripts carry the loaded data to a CLI elsewhere (never read back).
    this.inner = this.factory(
      resumedLaunch(this.launch, { sessionId, configDir: dir, transcripts: loaded?.transcripts }),
    );
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
    try {
      await this.inner?.close();
    } finally {
      const dir = this.tempDir;
      this.tempDir = undefined;
      if (dir !== undefined) await removeResumeDir(dir);
    }
  }
}
