import { type McpServerPlan, uncheckedMcpServerPlan } from '../mcp/mcp-server-plan.js';
import type { TransportError } from '../ports/transport-error.js';
import { TransportInputClosedError } from '../ports/transport-input-closed-error.js';
import type { OutboundMessage } from '../types/control.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { Options } from '../types/options.js';
import { AsyncQueue } from '../util/async-queue.js';
import { systemClock } from '../util/system-clock.js';
import { createSessionMirror } from './create-session-mirror.js';
import { createSessionProtocol } from './create-session-protocol.js';
import { serveSessionRequests } from './handlers/serve-session-requests.js';
import type { RegisteredHook } from './hook-registrations.js';
import { McpServerSet } from './mcp-server-set.js';
import { needsSdkAnswers } from './needs-sdk-answers.js';
import { DEFAULT_RUN_END_CEILING_MS } from './run-end-ceiling.js';
import type { SessionDependencies } from './session-dependencies.js';
import { SessionInput } from './session-input.js';
import type { SessionEndParts } from './shut-down-session.js';
import { StartupMarkTracker } from './startup-mark-tracker.js';
import { SessionTracing } from './tracing/session-tracing.js';
import { TurnLedger } from './turn-ledger.js';

/** What the parts of a session call back into it (its state and its ends). */
export interface SessionCallbacks {
  start(): Promise<void>;
  close(error?: unknown): Promise<void>;
  isClosed(): boolean;
  closedError(): Error;
  /** The hook callback registered under `id`, once the session started. */
  findHook(id: string): RegisteredHook | undefined;
  /** Set when external MCP servers go in `initialize`: user messages wait until the CLI confirmed them. */
  inputGate(): Promise<unknown> | undefined;
  sendUserMessage(message: string | SDKUserMessageInput): Promise<void>;
}

/** The assembled session: its options, its MCP plan, the parts its end stops, its input and its start-up marks. */
export interface AssembledSession {
  readonly options: Options;
  /** The session's MCP servers, split once; `checked` when the composer's `planMcpServers` checked them. */
  readonly mcpServers: { readonly plan: McpServerPlan; readonly checked: boolean };
  readonly parts: SessionEndParts;
  readonly input: SessionInput;
  readonly startupMarks: StartupMarkTracker;
}

/**
 * Builds the parts of a session, each doing one thing: the in-process servers (`McpServerSet`),
 * the turns (`TurnLedger`), tracing, the control protocol, the output queue, the transcript mirror,
 * one handler per inbound request kind, the user input. The session listens on
 * `options.abortController` itself, once it holds these (an aborted one ends it at once).
 */
export function assembleSession(dependencies: SessionDependencies, session: SessionCallbacks): AssembledSession {
  const options = dependencies.options ?? {};
  const transport = dependencies.transport;
  const clock = dependencies.clock ?? systemClock;
  const given = dependencies.mcpServerPlan;
  const plan = given ?? uncheckedMcpServerPlan(options);
  const servers = McpServerSet.forSession(dependencies.mcpServers, plan.inProcess, dependencies.createMcpServer);
  const turns = new TurnLedger(() => transport.endInput(), {
    clock,
    ceilingMs: dependencies.runEndCeilingMs ?? DEFAULT_RUN_END_CEILING_MS,
    needsSdk: () => needsSdkAnswers(options, servers.byName.size),
  });
  const startupMarks = new StartupMarkTracker(clock);
  const tracer =
    dependencies.tracer ?? (typeof options.tracer === 'object' && options.tracer !== null ? options.tracer : undefined);
  const tracing = tracer === undefined ? undefined : new SessionTracing(tracer, options.model, servers.byName);
  const send = (message: OutboundMessage) => transport.send(message);
  // Once this side ended the input, an answer the CLI asked for late cannot reach it: the CLI
  // fails that request itself and finishes, so the session goes on (as the official SDK does).
  const broken = (error: TransportError) => {
    if (!(turns.inputEnded && TransportInputClosedError.isInstance(error))) void session.close(error);
  };
  const protocol = createSessionProtocol(dependencies, options, send, broken, tracing);
  const output = new AsyncQueue<SDKMessage>(() => {
    void session.close();
  });
  const mirror = createSessionMirror(options, dependencies, (message) => output.push(message));
  const lifetime = new AbortController();
  serveSessionRequests(protocol, {
    servers: servers.byName,
    removedServers: servers.removedNames,
    signal: lifetime.signal,
    options,
    findHook: (id) => session.findHook(id),
    clock,
  });
  const input = new SessionInput({
    transport,
    turns,
    tracing,
    verbatimPrompts: options.verbatimPrompts === true,
    start: () => session.start(),
    gate: () => session.inputGate(),
    isClosed: () => session.isClosed(),
    closedError: () => session.closedError(),
    close: (error) => session.close(error),
    send: (message) => session.sendUserMessage(message),
  });
  const parts: SessionEndParts = { transport, protocol, servers, turns, lifetime, output, tracing, mirror };
  return { options, mcpServers: { plan, checked: given !== undefined }, parts, input, startupMarks };
}
