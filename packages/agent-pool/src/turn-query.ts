import {
  AbortError,
  AsyncQueue,
  ErrorResultTracker,
  InvalidOptionError,
  type SDKMessage,
  type Session,
} from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import { asyncDispose } from '@hexagent/sdk/adapters';

type Q = Query;

/** What a {@link TurnQuery} tells the CLI it runs on. */
export interface TurnHost {
  /** The CLI's state may no longer be what the pool's profile made it: it must not serve another query. */
  taint(reason: string): void;
}

/**
 * The `Query` of one string-prompt query served as one turn of a CLI the pool keeps (`recycle`): it
 * yields that turn's messages (`system/init`, assistant messages, ..., the `result`) and then ends,
 * as a string-prompt `query()` ends, while the CLI lives on. Until the turn ends it acts as
 * `query()` does: leaving it (`return()`, `close()`, `await using`, `break`) stops the CLI, and its
 * controls go to the CLI. A control that may change the CLI's state (`setModel`, `interrupt`,
 * `setMcpServers`, ...: every one but the read-only `initializationResult`, `supportedCommands`,
 * `supportedModels`, `supportedAgents`, `mcpServerStatus`, `getContextUsage`, `usage_...`,
 * `readFile`, `accountInfo` and `readMcpResource`) taints the CLI, so it is not recycled. Once the
 * turn has ended and the CLI serves another query, leaving is a no-op and controls reject. A turn
 * that failed (a `result` with `is_error`) ends with a `ResultError` after that result, as a
 * string-prompt `query()` does when its CLI exits on the failure.
 */
export class TurnQuery implements Query {
  private readonly session: Session;
  private readonly host: TurnHost;
  private readonly out = new AsyncQueue<SDKMessage>();
  private readonly failures = new ErrorResultTracker();
  /** The turn ended and the CLI went back to the pool: nothing here may touch it any more. */
  private detached = false;

  constructor(session: Session, host: TurnHost) {
    this.session = session;
    this.host = host;
  }

  /** One message of this turn, from the CLI. */
  push(message: SDKMessage): void {
    this.failures.observe(message);
    this.out.push(message);
  }

  /** The turn ended and the CLI goes back to the pool: the caller reads what is buffered, then the end. */
  detach(): void {
    this.detached = true;
    this.out.end(this.failures.pendingError());
  }

  /** The CLI's session ended (the CLI exited or was stopped): the caller sees its end, or its error. */
  finish(error?: unknown): void {
    this.out.end(error);
  }

  next(): Promise<IteratorResult<SDKMessage, void>> {
    return this.out.next();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    await this.leave();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    await this.leave(error);
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  [asyncDispose](): Promise<void> {
    return this.leave();
  }

  close(): void {
    void this.leave();
  }

  interrupt: Q['interrupt'] = () => this.change('interrupt', (s) => s.interrupt());
  setPermissionMode: Q['setPermissionMode'] = (mode) =>
    this.change('setPermissionMode', (s) => s.setPermissionMode(mode));
  setMcpPermissionModeOverride: Q['setMcpPermissionModeOverride'] = (name, mode) =>
    this.change('setMcpPermissionModeOverride', (s) => s.setMcpPermissionModeOverride(name, mode));
  setModel: Q['setModel'] = (model) => this.change('setModel', (s) => s.setModel(model));
  setMaxThinkingTokens: Q['setMaxThinkingTokens'] = (tokens, display) =>
    this.change('setMaxThinkingTokens', (s) => s.setMaxThinkingTokens(tokens, display));
  applyFlagSettings: Q['applyFlagSettings'] = (settings) =>
    this.change('applyFlagSettings', (s) => s.applyFlagSettings(settings));
  updateSettings: Q['updateSettings'] = (source, settings) =>
    this.change('updateSettings', (s) => s.updateSettings(source, settings));
  reinitialize: Q['reinitialize'] = () => this.change('reinitialize', (s) => s.reinitialize());
  reloadPlugins: Q['reloadPlugins'] = (options) => this.change('reloadPlugins', (s) => s.reloadPlugins(options));
  reloadSkills: Q['reloadSkills'] = () => this.change('reloadSkills', (s) => s.reloadSkills());
  reloadOutputStyles: Q['reloadOutputStyles'] = () => this.change('reloadOutputStyles', (s) => s.reloadOutputStyles());
  rewindFiles: Q['rewindFiles'] = (id, options) => this.change('rewindFiles', (s) => s.rewindFiles(id, options));
  seedReadState: Q['seedReadState'] = (path, mtime) =>
    this.change('seedReadState', (s) => s.seedReadState(path, mtime));
  reconnectMcpServer: Q['reconnectMcpServer'] = (name) =>
    this.change('reconnectMcpServer', (s) => s.reconnectMcpServer(name));
  toggleMcpServer: Q['toggleMcpServer'] = (name, enabled) =>
    this.change('toggleMcpServer', (s) => s.toggleMcpServer(name, enabled));
  setMcpServers: Q['setMcpServers'] = (servers) => this.change('setMcpServers', (s) => s.setMcpServers(servers));
  stopTask: Q['stopTask'] = (taskId) => this.change('stopTask', (s) => s.stopTask(taskId));
  backgroundTasks: Q['backgroundTasks'] = (toolUseId) =>
    this.change('backgroundTasks', (s) => s.backgroundTasks(toolUseId));
  /** As a string-prompt `query()`: its input has ended, so this ends the query with `InvalidOptionError`. */
  streamInput: Q['streamInput'] = () =>
    this.change('streamInput', (s) =>
      s.close(new InvalidOptionError({ option: 'prompt', message: 'the input of this session has ended' })),
    );

  initializationResult: Q['initializationResult'] = () => this.read((s) => s.initializationResult());
  supportedCommands: Q['supportedCommands'] = () => this.read((s) => s.supportedCommands());
  supportedModels: Q['supportedModels'] = () => this.read((s) => s.supportedModels());
  supportedAgents: Q['supportedAgents'] = () => this.read((s) => s.supportedAgents());
  mcpServerStatus: Q['mcpServerStatus'] = () => this.read((s) => s.mcpServerStatus());
  getContextUsage: Q['getContextUsage'] = (opts) => this.read((s) => s.getContextUsage(opts));
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET: Q['usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET'] =
    (opts) => this.read((s) => s.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts));
  readFile: Q['readFile'] = (path, options) => this.read((s) => s.readFile(path, options));
  accountInfo: Q['accountInfo'] = () => this.read((s) => s.accountInfo());
  readMcpResource: Q['readMcpResource'] = (name, uri) => this.read((s) => s.readMcpResource(name, uri));

  /** Leaving before the turn ended stops the CLI, as leaving a `query()` does. */
  private async leave(error?: unknown): Promise<void> {
    if (!this.detached) {
      this.host.taint('the caller left before the result');
      await this.session.close(error);
    }
    await this.out.return();
  }

  private change<R>(name: string, act: (session: Session) => Promise<R>): Promise<R> {
    if (this.detached) return Promise.reject(ended());
    this.host.taint(`${name}() was called`);
    return act(this.session);
  }

  private read<R>(act: (session: Session) => Promise<R>): Promise<R> {
    return this.detached ? Promise.reject(ended()) : act(this.session);
  }
}

function ended(): AbortError {
  return new AbortError({ message: 'The query has ended: the agent pool recycled its CLI for another query' });
}
