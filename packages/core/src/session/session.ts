import { AbortError } from '../errors/abort-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { McpServersNotAppliedError } from '../errors/mcp-servers-not-applied-error.js';
import { ProcessError } from '../errors/process-error.js';
import type { ControlHandlerContext, ControlProtocol, ControlRequestOptions } from '../ports/control-protocol.js';
import type { McpServerPort } from '../ports/mcp-server-port.js';
import type { Transport, TransportSink } from '../ports/transport.js';
import {
  ControlProtocolEngine,
  DEFAULT_CONTROL_TIMEOUT_MS,
  errorMessage,
} from '../protocol/control-protocol-engine.js';
import type { ControlRequestBody, InboundMessage, InitializeResponse, OutboundMessage } from '../types/control.js';
import type { HookCallback } from '../types/hooks/hook-callback.js';
import { HOOK_EVENTS } from '../types/hooks/hook-events.js';
import type { HookInput } from '../types/hooks/hook-inputs.js';
import type { HookJSONOutput } from '../types/hooks/hook-outputs.js';
import { externalMcpServerConfigs, type McpExternalServerConfig } from '../types/mcp/external-mcp-server-configs.js';
import { JsonRpcErrorCode, type JsonRpcMessage } from '../types/mcp/json-rpc.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import type { McpServerStatus } from '../types/mcp/mcp-server-status.js';
import { DEFAULT_MCP_SERVERS_DELIVERY } from '../types/mcp/mcp-servers-delivery.js';
import type { SDKMessage } from '../types/messages/sdk-message.js';
import type { SDKUserMessageInput } from '../types/messages/user-message.js';
import type { ModelInfo } from '../types/models.js';
import type { Options } from '../types/options.js';
import type { PermissionResult } from '../types/permissions/permission-result.js';
import type { PermissionMode, PermissionUpdate } from '../types/permissions/permission-update.js';
import type { SlashCommand } from '../types/slash-command.js';
import { AsyncQueue } from '../util/async-queue.js';
import { onAbort } from '../util/on-abort.js';
import { readTransport } from '../util/read-transport.js';

/** Default bound on a `canUseTool` callback: 10 minutes. */
export const DEFAULT_PERMISSION_TIMEOUT_MS = 10 * 60_000;

/** Default bound on a hook callback (`options.hookTimeoutMs`): 10 minutes, like `canUseTool`. */
export const DEFAULT_HOOK_TIMEOUT_MS = 10 * 60_000;

/**
 * How much longer than its timeout a hook callback is awaited here. The CLI enforces the timeout
 * (and withdraws the request); this later bound only releases a callback that never settles, and it
 * must not fire first, or the CLI would take the error answer for an empty hook output.
 */
const HOOK_TIMEOUT_GRACE_MS = 5_000;

/** What a `Session` is built from. It never constructs an adapter itself. */
export interface SessionDependencies {
  /** The channel to one CLI. */
  transport: Transport;
  /** The in-process MCP servers of this session, one port each. */
  mcpServers?: readonly McpServerPort[];
  /** The query's options (callbacks, hooks, system prompt, timeouts). */
  options?: Options;
  /** Builds the control protocol over the transport's `send`; defaults to `ControlProtocolEngine`. */
  createProtocol?: (send: (message: OutboundMessage) => Promise<void>) => ControlProtocol;
}

type SessionState = 'new' | 'running' | 'closed';

/**
 * The use case behind `query()` and `ClaudeClient`: starts the transport, sends `initialize`
 * (hooks, in-process server names and manifests, system prompt), routes the CLI's requests to
 * the permission callback, the hook callbacks and the MCP ports, streams every other message to
 * the caller, ends the CLI's input once the last turn is answered, and tears everything down.
 */
export class Session {
  private readonly transport: Transport;
  private readonly protocol: ControlProtocol;
  private readonly options: Options;
  private readonly servers = new Map<string, McpServerPort>();
  private readonly hookCallbacks = new Map<string, HookCallback>();
  /** The timeout the CLI applies to each hook callback id, in ms. */
  private readonly hookTimeoutsMs = new Map<string, number>();
  /** Set when external MCP servers go in `initialize`: user messages wait until the CLI confirmed them. */
  private inputGate: Promise<unknown> | undefined;
  private readonly output: AsyncQueue<SDKMessage>;
  private readonly lifetime = new AbortController();
  private state: SessionState = 'new';
  private startPromise: Promise<void> | undefined;
  private initPromise: Promise<InitializeResponse> | undefined;
  private closePromise: Promise<void> | undefined;
  private userMessagesSent = 0;
  private resultsReceived = 0;
  private lastResultWasError = false;
  private inputDone = false;
  private inputEnded = false;
  private fatalError: unknown;
  private readonly abortListener: (() => void) | undefined;
  /** Takes `abortListener` off `options.abortController.signal`. */
  private stopListeningForAbort: (() => void) | undefined;
  private readonly turnWaiters = new Set<() => void>();

  constructor(dependencies: SessionDependencies) {
    this.transport = dependencies.transport;
    this.options = dependencies.options ?? {};
    for (const server of dependencies.mcpServers ?? []) {
      if (this.servers.has(server.name)) {
        throw new InvalidOptionError({ option: `mcpServers.${server.name}`, message: 'duplicate server name' });
      }
      this.servers.set(server.name, server);
    }
    const send = (message: OutboundMessage) => this.transport.send(message);
    this.protocol =
      dependencies.createProtocol?.(send) ??
      new ControlProtocolEngine({
        send,
        defaultTimeoutMs: this.options.controlRequestTimeoutMs ?? DEFAULT_CONTROL_TIMEOUT_MS,
        // An answer that cannot be written (the CLI's input is gone) leaves the CLI waiting forever.
        onError: (error) => {
          if (ProcessError.isInstance(error)) void this.close(error);
        },
      });
    this.output = new AsyncQueue<SDKMessage>(() => {
      void this.close();
    });
    // MCP calls get the session's signal rather than the request's: the CLI cancels a tool call with
    // MCP's notifications/cancelled (capture 06), which the port serves, not with control_cancel_request;
    // and one signal per session spares every call an AbortSignal (~2 us and much GC work on Node.js 20).
    this.protocol.handle('mcp_message', (request) => this.onMcpMessage(request, this.lifetime.signal), {
      cancellable: false,
    });
    this.protocol.handle('can_use_tool', (request, context) => this.onCanUseTool(request, context));
    this.protocol.handle('hook_callback', (request, context) => this.onHookCallback(request, context.signal));
    const abortController = this.options.abortController;
    if (abortController !== undefined) {
      this.abortListener = () => {
        void this.close(new AbortError({ message: 'The query was aborted', cause: abortController.signal.reason }));
      };
      if (abortController.signal.aborted) {
        this.state = 'closed';
        this.fatalError = new AbortError({ message: 'The query was aborted', cause: abortController.signal.reason });
        this.output.end(this.fatalError);
      } else {
        // Through onAbort: one listener on a signal however many sessions share it, so a "stop
        // everything" controller given to many concurrent queries trips no MaxListeners warning.
        this.stopListeningForAbort = onAbort(abortController.signal, this.abortListener);
      }
    }
  }

  /** Aborted when the session ends; handed to every handler the session runs. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
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
  async initializationResult(): Promise<InitializeResponse> {
    await this.start();
    if (this.initPromise === undefined) throw this.closedError();
    return this.initPromise;
  }

  /** The messages for the user, in order. Ends when the CLI exits; throws a typed error on a fault. */
  messages(): AsyncIterableIterator<SDKMessage> {
    return this.output;
  }

  /** Send one user turn. A string becomes a text message. */
  async sendUserMessage(message: string | SDKUserMessageInput): Promise<void> {
    if (this.inputDone)
      throw new InvalidOptionError({ option: 'prompt', message: 'the input of this session has ended' });
    // Counted before any await, so an endInput() called while this send is under way waits for its result.
    this.userMessagesSent += 1;
    await this.start();
    if (this.inputGate !== undefined) await this.inputGate.catch(() => {});
    if (this.state === 'closed') throw this.closedError();
    const wire: OutboundMessage =
      typeof message === 'string'
        ? { type: 'user', session_id: '', message: { role: 'user', content: message }, parent_tool_use_id: null }
        : { session_id: '', parent_tool_use_id: null, ...message };
    try {
      await this.transport.send(wire);
    } catch (error) {
      // The CLI's input is gone (it exited, or closed its end): no turn can reach it any more, so the
      // session ends rather than wait for an answer that cannot come.
      if (ProcessError.isInstance(error)) await this.close(error);
      throw error;
    }
  }

  /**
   * Send every message of `input`, then end the input once the last turn is answered (when
   * `endInputWhenDone` is true, the default). An iterator that throws closes the session with
   * that error.
   */
  async streamInput(input: AsyncIterable<string | SDKUserMessageInput>, endInputWhenDone = true): Promise<void> {
    try {
      for await (const message of input) {
        if (this.state === 'closed') return;
        await this.sendUserMessage(message);
      }
    } catch (error) {
      if (this.state !== 'closed') await this.close(error);
      return;
    }
    if (endInputWhenDone) this.endInput();
  }

  /**
   * Declare that no more user messages will come. The CLI's input is closed as soon as every
   * turn sent so far has its result, so hooks, permissions and tools keep working until then.
   */
  endInput(): void {
    this.inputDone = true;
    this.maybeEndInput();
  }

  /** Resolves when every user message sent so far has got its `result` (or the session ended). */
  waitForIdle(): Promise<void> {
    if (this.resultsReceived >= this.userMessagesSent || this.state === 'closed') return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.resultsReceived >= this.userMessagesSent || this.state === 'closed') {
          this.turnWaiters.delete(check);
          resolve();
        }
      };
      this.turnWaiters.add(check);
    });
  }

  /** Send a control request to the CLI. Rejects with `ControlRequestError` when the CLI answers an error. */
  async request(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>> {
    await this.start();
    if (this.state === 'closed') throw this.closedError();
    return this.protocol.request(subtype, payload, options);
  }

  /** Interrupt the current turn. */
  async interrupt(): Promise<void> {
    await this.request('interrupt');
  }

  /** Change the permission mode; resolves with the mode the CLI reports. */
  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.request('set_permission_mode', { mode });
  }

  /** Change the model (or back to the default with `undefined`). */
  async setModel(model?: string): Promise<void> {
    await this.request('set_model', model === undefined ? {} : { model });
  }

  /** Change the thinking budget (`null` clears it). */
  async setMaxThinkingTokens(maxThinkingTokens: number | null): Promise<void> {
    await this.request('set_max_thinking_tokens', { max_thinking_tokens: maxThinkingTokens });
  }

  /** The status of every MCP server of the session. */
  async mcpServerStatus(): Promise<McpServerStatus[]> {
    const response = await this.request('mcp_status');
    return (response.mcpServers as McpServerStatus[] | undefined) ?? [];
  }

  /** The slash commands the CLI offers. */
  async supportedCommands(): Promise<SlashCommand[]> {
    return ((await this.initializationResult()).commands as SlashCommand[] | undefined) ?? [];
  }

  /** The models the CLI offers. */
  async supportedModels(): Promise<ModelInfo[]> {
    return ((await this.initializationResult()).models as ModelInfo[] | undefined) ?? [];
  }

  /**
   * End the session: abort running handlers, reject pending requests, stop the CLI, disconnect the
   * MCP servers. With `error`, the message stream throws it after the buffered messages; without,
   * it just ends. Idempotent.
   */
  close(error?: unknown): Promise<void> {
    if (this.closePromise !== undefined) return this.closePromise;
    this.closePromise = this.shutdown(error, true);
    return this.closePromise;
  }

  private async doStart(): Promise<void> {
    if (this.state === 'closed') throw this.closedError();
    // Options are checked before anything starts, so a bad option leaves nothing running.
    let hooks: Record<string, unknown> | undefined;
    try {
      hooks = this.hooksPayload();
    } catch (error) {
      await this.close(error);
      throw error;
    }
    let externalServers: Record<string, McpExternalServerConfig> | undefined;
    try {
      externalServers = this.externalServersForInitialize();
    } catch (error) {
      await this.close(error);
      throw error;
    }
    const manifests = this.collectManifests();
    // The transport and the MCP servers start in parallel: neither needs the other.
    const [, resolved] = await Promise.all([this.transport.start(), manifests]).catch(async (error: unknown) => {
      await this.close(error);
      throw error;
    });
    if ((this.state as SessionState) === 'closed') {
      await this.transport.close();
      throw this.closedError();
    }
    this.state = 'running';
    readTransport(this.transport, this.inbound);
    const payload = this.initializePayload(hooks, resolved);
    if (externalServers !== undefined) payload.mcpServers = externalServers;
    this.initPromise = this.protocol
      .request('initialize', payload, {
        timeoutMs: this.options.controlRequestTimeoutMs ?? DEFAULT_CONTROL_TIMEOUT_MS,
      })
      .then((response) => {
        if (externalServers !== undefined) assertMcpServersApplied(response, Object.keys(externalServers));
        return response;
      }) as Promise<InitializeResponse>;
    // Servers sent in initialize must be confirmed before a prompt runs, or a turn could run without them.
    if (externalServers !== undefined) this.inputGate = this.initPromise;
    // An unanswered initialize is fatal: nothing else can work.
    this.initPromise.catch((error: unknown) => {
      if (this.state !== 'closed') void this.close(error);
    });
    // endInput() may have been called before the session ran.
    this.maybeEndInput();
  }

  /** The external MCP servers to send in `initialize` (`mcpServersDelivery: 'initialize'`), if any. */
  private externalServersForInitialize(): Record<string, McpExternalServerConfig> | undefined {
    const delivery = this.options.mcpServersDelivery ?? DEFAULT_MCP_SERVERS_DELIVERY;
    if (delivery !== 'initialize' && delivery !== 'argv') {
      throw new InvalidOptionError({
        option: 'mcpServersDelivery',
        message: `must be 'initialize' or 'argv', got ${JSON.stringify(delivery)}`,
      });
    }
    return delivery === 'initialize' ? externalMcpServerConfigs(this.options.mcpServers) : undefined;
  }

  private async collectManifests(): Promise<Map<string, McpServerManifest>> {
    const manifests = new Map<string, McpServerManifest>();
    await Promise.all(
      [...this.servers.values()].map(async (server) => {
        const manifest = await server.manifest();
        if (manifest !== undefined) manifests.set(server.name, manifest);
      }),
    );
    return manifests;
  }

  private initializePayload(
    hooks: Record<string, unknown> | undefined,
    manifests: Map<string, McpServerManifest>,
  ): Record<string, unknown> {
    const payload: Record<string, unknown> = {};
    if (hooks !== undefined) payload.hooks = hooks;
    if (this.servers.size > 0) {
      payload.sdkMcpServers = [...this.servers.keys()];
      if (manifests.size > 0) payload.sdkMcpServerManifests = Object.fromEntries(manifests);
    }
    const systemPrompt = this.options.systemPrompt;
    if (systemPrompt === undefined) {
      payload.systemPrompt = [''];
    } else if (typeof systemPrompt === 'string') {
      payload.systemPrompt = [systemPrompt];
    } else if (Array.isArray(systemPrompt)) {
      payload.systemPrompt = systemPrompt;
    } else if (systemPrompt.append !== undefined) {
      payload.appendSystemPrompt = systemPrompt.append;
    }
    if (this.options.agents !== undefined) payload.agents = this.options.agents;
    return payload;
  }

  private hooksPayload(): Record<string, unknown> | undefined {
    const hooks = this.options.hooks;
    if (hooks === undefined) return undefined;
    const defaultTimeoutMs = this.options.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
    if (!(typeof defaultTimeoutMs === 'number' && Number.isFinite(defaultTimeoutMs) && defaultTimeoutMs > 0)) {
      throw new InvalidOptionError({
        option: 'hookTimeoutMs',
        message: `must be a positive number of milliseconds, got ${String(defaultTimeoutMs)}`,
      });
    }
    const payload: Record<string, unknown[]> = {};
    for (const [event, matchers] of Object.entries(hooks)) {
      if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
        throw new InvalidOptionError({
          option: `hooks.${event}`,
          message: `unknown hook event; known: ${HOOK_EVENTS.join(', ')}`,
        });
      }
      if (matchers === undefined || matchers.length === 0) continue;
      payload[event] = matchers.map((matcher, index) => {
        if (
          matcher.timeout !== undefined &&
          !(typeof matcher.timeout === 'number' && Number.isFinite(matcher.timeout) && matcher.timeout > 0)
        ) {
          throw new InvalidOptionError({
            option: `hooks.${event}[${index}].timeout`,
            message: `must be a positive number of seconds, got ${String(matcher.timeout)}`,
          });
        }
        // Every matcher gets a timeout, so a hook that never answers cannot stall the CLI forever.
        const timeoutSeconds = matcher.timeout ?? defaultTimeoutMs / 1000;
        const ids = matcher.hooks.map((callback) => {
          const id = `hook_${this.hookCallbacks.size}`;
          this.hookCallbacks.set(id, callback);
          this.hookTimeoutsMs.set(id, timeoutSeconds * 1000);
          return id;
        });
        const entry: Record<string, unknown> = { hookCallbackIds: ids };
        if (matcher.matcher !== undefined) entry.matcher = matcher.matcher;
        entry.timeout = timeoutSeconds;
        if (matcher.onFailure !== undefined) entry.onFailure = matcher.onFailure;
        return entry;
      });
    }
    return Object.keys(payload).length > 0 ? payload : undefined;
  }

  /**
   * Where the transport delivers the CLI's messages, synchronously when it supports `subscribe`:
   * control messages go to the protocol, the rest to the caller.
   */
  private readonly inbound: TransportSink = {
    message: (message) => {
      if (this.protocol.receive(message)) return;
      this.onUserFacingMessage(message);
    },
    end: (error) => {
      void this.shutdown(error === undefined || this.exitAlreadyReported(error) ? undefined : error, false);
    },
  };

  /**
   * The CLI exits with a non-zero code after its input ends when the last turn failed
   * (`error_max_turns`, an API error, ...). That failure already reached the caller as a `result`
   * with `is_error: true`, so the exit is not a second error.
   */
  private exitAlreadyReported(error: unknown): boolean {
    return (
      ProcessError.isInstance(error) &&
      error.exitCode !== undefined &&
      this.inputEnded &&
      this.resultsReceived >= this.userMessagesSent &&
      this.lastResultWasError
    );
  }

  private onUserFacingMessage(message: InboundMessage): void {
    if (message.type === 'result') {
      this.resultsReceived += 1;
      this.lastResultWasError = message.is_error === true || message.subtype !== 'success';
      this.output.push(message as SDKMessage);
      for (const waiter of [...this.turnWaiters]) waiter();
      this.maybeEndInput();
      return;
    }
    this.output.push(message as SDKMessage);
  }

  private maybeEndInput(): void {
    if (!this.inputDone || this.inputEnded || this.state !== 'running') return;
    if (this.resultsReceived < this.userMessagesSent) return;
    this.inputEnded = true;
    this.transport.endInput();
  }

  private async shutdown(error: unknown, stopTransport: boolean): Promise<void> {
    const first = this.state !== 'closed';
    const wasRunning = this.state === 'running';
    this.state = 'closed';
    if (first) {
      this.fatalError = error;
      const reason = error instanceof Error ? error : new AbortError({ message: 'The session was closed' });
      // On EOF the CLI finishes the turn in progress (it calls the model again, may run tools) and
      // only then exits, so a close mid-turn would let it work on for the whole grace period of
      // `transport.close()` before being killed. Interrupting first makes it stop at once, in order.
      if (stopTransport && wasRunning && !this.inputEnded && this.resultsReceived < this.userMessagesSent) {
        this.protocol.request('interrupt', undefined, { timeoutMs: 0 }).catch(() => {});
      }
      this.lifetime.abort(reason);
      this.protocol.close(reason);
      this.stopListeningForAbort?.();
      for (const waiter of [...this.turnWaiters]) waiter();
    }
    if (stopTransport || first) {
      await Promise.allSettled([this.transport.close(), ...[...this.servers.values()].map((server) => server.close())]);
    }
    if (first) this.output.end(error);
  }

  private closedError(): Error {
    if (this.fatalError instanceof Error) return this.fatalError;
    return new AbortError({ message: 'The session is closed' });
  }

  // Not an async function: one frame and one microtask fewer on every tool call (the engine turns a
  // synchronous throw into an error answer, as it does a rejection).
  private onMcpMessage(request: ControlRequestBody, signal: AbortSignal): Promise<Record<string, unknown>> {
    const name = request.server_name;
    const message = request.message as JsonRpcMessage | undefined;
    const id = message !== undefined && typeof message === 'object' && 'id' in message ? message.id : null;
    const server = typeof name === 'string' ? this.servers.get(name) : undefined;
    if (server === undefined) {
      return Promise.resolve({
        mcp_response: {
          jsonrpc: '2.0',
          id: id ?? null,
          error: { code: JsonRpcErrorCode.MethodNotFound, message: `Unknown MCP server: ${String(name)}` },
        },
      });
    }
    return server
      .handle(message as JsonRpcMessage, { signal })
      .then((response) => ({ mcp_response: response ?? { jsonrpc: '2.0', result: {}, id: 0 } }));
  }

  private async onCanUseTool(
    request: ControlRequestBody,
    { signal, requestId }: ControlHandlerContext,
  ): Promise<Record<string, unknown>> {
    const canUseTool = this.options.canUseTool;
    const toolUseID = typeof request.tool_use_id === 'string' ? request.tool_use_id : '';
    const input = (request.input as Record<string, unknown> | undefined) ?? {};
    if (canUseTool === undefined) {
      throw new Error('The CLI asked for a permission decision but no canUseTool callback is set');
    }
    // The callback's own signal also aborts when it outlives permissionTimeoutMs.
    const controller = new AbortController();
    const forward = () => controller.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    const context: Parameters<typeof canUseTool>[2] = { signal: controller.signal, toolUseID, requestId };
    const suggestions = request.permission_suggestions as PermissionUpdate[] | undefined;
    if (suggestions !== undefined) context.suggestions = suggestions;
    if (typeof request.blocked_path === 'string') context.blockedPath = request.blocked_path;
    if (typeof request.decision_reason === 'string') context.decisionReason = request.decision_reason;
    if (typeof request.agent_id === 'string') context.agentID = request.agent_id;
    let result: PermissionResult | null;
    try {
      result = await withTimeout(
        Promise.resolve().then(() => canUseTool(String(request.tool_name), input, context)),
        this.options.permissionTimeoutMs ?? DEFAULT_PERMISSION_TIMEOUT_MS,
        signal,
        'canUseTool',
      );
    } catch (error) {
      if (!controller.signal.aborted) controller.abort(error);
      return { behavior: 'deny', message: `Permission callback failed: ${errorMessage(error)}`, toolUseID };
    } finally {
      signal.removeEventListener('abort', forward);
    }
    if (result?.behavior === 'allow') {
      const answer: Record<string, unknown> = {
        behavior: 'allow',
        updatedInput: result.updatedInput ?? input,
        toolUseID,
      };
      if (result.updatedPermissions !== undefined) answer.updatedPermissions = result.updatedPermissions;
      return answer;
    }
    if (result?.behavior === 'deny') {
      const answer: Record<string, unknown> = { behavior: 'deny', message: result.message, toolUseID };
      if (result.interrupt !== undefined) answer.interrupt = result.interrupt;
      return answer;
    }
    return {
      behavior: 'deny',
      message: 'Permission callback returned neither { behavior: "allow" } nor { behavior: "deny" }',
      toolUseID,
    };
  }

  private async onHookCallback(request: ControlRequestBody, signal: AbortSignal): Promise<Record<string, unknown>> {
    const id = request.callback_id;
    const callback = typeof id === 'string' ? this.hookCallbacks.get(id) : undefined;
    if (callback === undefined) throw new Error(`No hook callback with id ${String(id)}`);
    const toolUseID = typeof request.tool_use_id === 'string' ? request.tool_use_id : undefined;
    // The callback's own signal also aborts when it outlives its timeout.
    const controller = new AbortController();
    const forward = () => controller.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    const timeoutMs = (this.hookTimeoutsMs.get(id as string) ?? DEFAULT_HOOK_TIMEOUT_MS) + HOOK_TIMEOUT_GRACE_MS;
    try {
      const output: HookJSONOutput = await withTimeout(
        Promise.resolve().then(() => callback(request.input as HookInput, toolUseID, { signal: controller.signal })),
        timeoutMs,
        signal,
        `Hook callback ${String(id)}`,
      );
      return (output ?? {}) as Record<string, unknown>;
    } catch (error) {
      if (!controller.signal.aborted) controller.abort(error);
      throw error;
    } finally {
      signal.removeEventListener('abort', forward);
    }
  }
}

type Timer = ReturnType<typeof setTimeout> & { unref?: () => void };

/** Throws when the CLI did not confirm the MCP servers sent in `initialize`. */
function assertMcpServersApplied(response: Record<string, unknown>, serverNames: string[]): void {
  const applied = response.mcp_servers_applied;
  if (applied === true) return;
  const version = response.claude_code_version;
  throw new McpServersNotAppliedError({
    serverNames,
    applied: typeof applied === 'boolean' ? applied : undefined,
    cliVersion: typeof version === 'string' ? version : undefined,
  });
}

/** Races `promise` against a timeout and an abort signal. */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number, signal: AbortSignal, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what} did not answer within ${timeoutMs} ms`));
    }, timeoutMs) as Timer;
    timer.unref?.();
    const onAbort = () => {
      cleanup();
      reject(new AbortError({ message: `${what} was cancelled`, cause: signal.reason }));
    };
    const cleanup = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}
