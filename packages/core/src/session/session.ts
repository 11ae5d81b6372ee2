import { AbortError } from '../errors/abort-error.js';
import type { ControlRequestOptions } from '../ports/control-protocol.js';
import { DEFAULT_CONTROL_TIMEOUT_MS } from '../protocol/control-protocol-engine.js';
import type { SDKControlInitializeResponse } from '../types/control/sdk-control-responses.js';
import type { McpSdkServerConfig, McpSdkServerConfigWithInstance } from '../types/mcp/mcp-server-config.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { Options } from '../types/options.js';
import type { SlashCommand } from '../types/slash-command.js';
import { readTransport } from '../util/read-transport.js';
import { type AssembledSession, assembleSession } from './assemble-session.js';
import type { ControlHost } from './control-host.js';
import { watchForRejectedCredentials } from './credentials/rejected-credential-watch.js';
import type { HookRegistrations } from './hook-registrations.js';
import { createInboundSink } from './inbound-sink.js';
import { InitializeExchange } from './initialize-exchange.js';
import { installControlCalls } from './install-control-calls.js';
import { ABORTED_BY_USER, listenForAbort } from './listen-for-abort.js';
import type { QueryControls } from './query-controls.js';
import type { SessionDependencies } from './session-dependencies.js';
import type { SessionInput } from './session-input.js';
import { type SessionEndParts, shutDownSession } from './shut-down-session.js';
import { startSession } from './start-session.js';
import type { StartupMark, StartupMarkTracker } from './startup-mark-tracker.js';
import { TurnLedger } from './turn-ledger.js';

type SessionState = 'new' | 'running' | 'closed';

/**
 * The use case behind `query()` and `ClaudeClient`: starts the transport, sends `initialize`
 * (hooks, in-process server names and manifests, system prompt), routes the CLI's requests to
 * the permission callback, the hook callbacks and the MCP ports, streams every other message to
 * the caller, ends the CLI's input once the last turn is answered, and tears everything down.
 *
 * It wires parts that each do one thing: the start sequence (`startSession`: option checks, hooks,
 * `initialize`), the `initialize` exchange ({@link InitializeExchange}), the user input (`SessionInput`), the in-process servers (`McpServerSet`, made
 * with the `McpServerFactory`), one handler per inbound request kind, the {@link TurnLedger}; the control
 * methods (`interrupt`, `setModel`, `setMcpServers`, ...) come from the control table
 * (`QUERY_CONTROLS`: each request's payload and answer, written once), run over the
 * {@link ControlHost} primitives below.
 */
export interface Session extends QueryControls {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are installed on the prototype from QUERY_CONTROLS (installControlCalls, below)
export class Session implements ControlHost {
  private readonly options: Options;
  private readonly mcpServers: AssembledSession['mcpServers'];
  /** The transport, the protocol, the servers, the turns, the output, ...: what the end stops. */
  private readonly parts: SessionEndParts;
  private readonly input: SessionInput;
  /** The hook callbacks by id, registered by `start()`. */
  private hooks: HookRegistrations['callbacks'] | undefined;
  private state: SessionState = 'new';
  private startPromise: Promise<void> | undefined;
  /** What `initialize` sent and the CLI's answer; the gate user messages wait behind. */
  private readonly initialize = new InitializeExchange();
  /** The commands of the latest `system/commands_changed` message. */
  private commands: SlashCommand[] | undefined;
  private closePromise: Promise<void> | undefined;
  private fatalError: unknown;
  /** The last start-up checkpoint the CLI reported (with `CLAUDE_CODE_SDK_READS_STARTUP_MARKS`). */
  private readonly startupMarks: StartupMarkTracker;

  constructor(dependencies: SessionDependencies) {
    const assembled = assembleSession(dependencies, {
      start: () => this.start(),
      close: (error) => this.close(error),
      isClosed: () => this.state === 'closed',
      closedError: () => this.closedError(),
      findHook: (id) => this.hooks?.get(id),
      inputGate: () => this.initialize.inputGate,
      sendUserMessage: (message) => this.sendUserMessage(message),
    });
    this.options = assembled.options;
    this.mcpServers = assembled.mcpServers;
    this.parts = assembled.parts;
    this.input = assembled.input;
    this.startupMarks = assembled.startupMarks;
    // Last: an already aborted controller ends the session here, synchronously.
    this.parts.stopListeningForAbort = listenForAbort(this.options.abortController, {
      endAtOnce: (error) => this.endAborted(error),
      abort: (error) => void this.abort(error),
    });
  }

  /** Aborted when the session ends; handed to every handler the session runs. */
  get signal(): AbortSignal {
    return this.parts.lifetime.signal;
  }

  /** True once the session has ended (closed, aborted, or the CLI exited). */
  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /**
   * Start the CLI and send `initialize`. Resolves once the CLI runs and the request is written;
   * the CLI's answer is {@link initializationResult}. Idempotent.
   */
  start(): Promise<void> {
    this.startPromise ??= this.doStart();
    return this.startPromise;
  }

  /** The CLI's answer to `initialize` (commands, models, account, version, ...). */
  async initializationResult(): Promise<SDKControlInitializeResponse> {
    await this.start();
    const answer = this.initialize.answer;
    if (answer === undefined) throw this.closedError();
    return answer;
  }

  /**
   * Send `initialize` again to the running CLI (its hooks with the same callback ids, the current
   * in-process server names, no manifests) and resolve with its fresh answer.
   * {@link initializationResult} keeps the first answer.
   */
  async reinitialize(): Promise<SDKControlInitializeResponse> {
    await this.initializationResult();
    const timeoutMs = this.options.controlRequestTimeoutMs ?? DEFAULT_CONTROL_TIMEOUT_MS;
    return this.initialize.again(this, this.parts.servers.names, timeoutMs);
  }

  /**
   * The last start-up checkpoint the CLI reported in a `keep_alive` line's `startup_mark`, and its
   * age now; `undefined` when it reported none (it writes them only when its environment has
   * `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1`, as `startup()` and `prewarm()` set it).
   */
  startupMarkReached(): StartupMark | undefined {
    return this.startupMarks.reached();
  }

  /** The messages for the user, in order. Ends when the CLI exits; throws a typed error on a fault. */
  messages(): AsyncIterableIterator<SDKMessage> {
    return this.parts.output;
  }

  /**
   * Send one user turn. A string becomes a text message. `verbatim` overrides the
   * `verbatimPrompts` option for this message (the agent pool sends `/clear` as a command).
   */
  sendUserMessage(message: string | SDKUserMessageInput, options?: { verbatim?: boolean }): Promise<void> {
    return this.input.send(message, options?.verbatim);
  }

  /**
   * Send every message of `input`, then end the input once the last turn is answered (when
   * `endInputWhenDone` is true, the default). An iterator that throws closes the session with
   * that error.
   */
  streamInput(input: AsyncIterable<string | SDKUserMessageInput>, endInputWhenDone = true): Promise<void> {
    return this.input.stream(input, endInputWhenDone);
  }

  /**
   * Declare that no more user messages will come. The CLI's input is closed as soon as every
   * turn sent so far has its result and the CLI's run is over (it reported `idle`: a background
   * subagent may wake the main agent after a `result`; or the ceiling passed), so hooks,
   * permissions and tools keep working until then.
   */
  endInput(): void {
    this.parts.turns.requestEndInput();
  }

  /** Resolves when every user message sent so far has got its `result` (or the session ended). */
  waitForIdle(): Promise<void> {
    return this.parts.turns.waitForIdle();
  }

  /**
   * Resolves when every user message sent so far has its `result` and the CLI's run is over (see
   * {@link endInput}), or the session ended; with how many messages {@link messages} had been
   * given by then, so that a reader can tell the run's messages from later ones.
   */
  waitForRunEnd(): Promise<{ messageCount: number }> {
    return new Promise((resolve) =>
      this.parts.turns.whenRunEnds(() => resolve({ messageCount: this.parts.output.pushed })),
    );
  }

  /** Send a control request to the CLI. Rejects with `ControlRequestError` when the CLI answers an error. */
  async request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>> {
    await this.start();
    if (this.state === 'closed') throw this.closedError();
    return this.parts.protocol.request(subtype, payload, options);
  }

  /** The commands of the latest `system/commands_changed` message, `undefined` until one came. */
  latestCommands(): SlashCommand[] | undefined {
    return this.commands;
  }

  /** Replaces the in-process servers; after start, so `initialize` carries the servers the session was built with. */
  async replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfig>> {
    await this.start();
    if (this.state === 'closed') throw this.closedError();
    return this.parts.servers.replace(servers);
  }

  /**
   * End the session: abort running handlers, reject pending requests, stop the CLI, disconnect the
   * MCP servers. With `error`, the message stream throws it after the buffered messages; without,
   * it just ends. Idempotent.
   */
  close(error?: unknown): Promise<void> {
    this.closePromise ??= this.shutdown(error, true);
    return this.closePromise;
  }

  /**
   * Abort, as `options.abortController.abort()` does: nothing the CLI writes from now on is yielded
   * (what is buffered still is), and the message stream throws `error` once the CLI has stopped.
   */
  abort(error: AbortError = new AbortError({ message: ABORTED_BY_USER })): Promise<void> {
    this.parts.output.seal();
    return this.close(error);
  }

  private async doStart(): Promise<void> {
    if (this.state === 'closed') throw this.closedError();
    const started = await startSession({
      options: this.options,
      mcpServers: this.mcpServers,
      transport: this.parts.transport,
      servers: this.parts.servers,
      protocol: this.parts.protocol,
      isClosed: () => this.state === 'closed',
      closedError: () => this.closedError(),
      close: (error) => this.close(error),
      running: (hooks) => this.run(hooks),
    });
    this.initialize.sent(started, (error) => {
      if (this.state !== 'closed') void this.close(error);
    });
    // endInput() may have been called before the session ran.
    this.parts.turns.endInputIfDue();
  }

  /** The CLI runs: route what it writes from now on. */
  private run(hooks: HookRegistrations['callbacks']): void {
    this.hooks = hooks;
    this.state = 'running';
    this.parts.turns.open();
    readTransport(
      this.parts.transport,
      createInboundSink({
        protocol: this.parts.protocol,
        output: watchForRejectedCredentials(this.parts.tracing?.observing(this.parts.output) ?? this.parts.output, {
          options: this.options,
          initialized: () => this.initialize.answer,
          // Nothing the CLI writes after the decision (the interrupted turn's result) is yielded.
          stop: (error) => {
            this.parts.output.seal();
            void this.close(error);
          },
        }),
        turns: this.parts.turns,
        commandsChanged: (commands) => {
          this.commands = commands;
        },
        keepAlive: (message) => this.startupMarks.observe(message),
        end: (error) => void this.shutdown(error, false),
        ...(this.parts.mirror !== undefined && { mirror: this.parts.mirror }),
      }),
    );
  }

  private shutdown(error: unknown, stopTransport: boolean): Promise<void> {
    const first = this.state !== 'closed';
    const wasRunning = this.state === 'running';
    this.state = 'closed';
    if (first) this.fatalError = error;
    return shutDownSession(this.parts, { error, first, wasRunning, stopTransport });
  }

  /** Ends a session whose `abortController` had aborted before it was made. */
  private endAborted(error: AbortError): void {
    this.state = 'closed';
    this.parts.turns.close();
    this.fatalError = error;
    this.parts.output.end(error);
    this.parts.tracing?.close(error);
  }

  private closedError(): Error {
    return this.fatalError instanceof Error ? this.fatalError : new AbortError({ message: 'The session is closed' });
  }
}

installControlCalls(Session);
