import { AbortError, type SDKMessage } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import { asyncDispose } from '@hexagent/sdk/adapters';

type Q = Query;

/**
 * The `Query` that `pool.query()` returns at once, before the pool has admitted it: the messages
 * and every control wait for admission and then go to the query that runs (a claimed spare's or a
 * cold one). A query that is never admitted (timeout, abort, the pool closing) throws that error
 * from its first `next()` and rejects its controls with it, as `query()` surfaces a failed start.
 * Leaving it while it waits (`return()`, `close()`, `await using`) takes it out of the queue.
 */
export class PooledQuery implements Query {
  private inner: Query | undefined;
  private failure: { error: unknown; thrown: boolean } | undefined;
  private readonly ready: Promise<Query>;
  private resolveReady!: (query: Query) => void;
  private rejectReady!: (error: unknown) => void;
  private readonly abandon: () => void;

  /** @param abandon takes the waiting query out of the pool's queue (the caller left it). */
  constructor(abandon: () => void) {
    this.abandon = abandon;
    this.ready = new Promise<Query>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // A query whose caller never calls a control must not leave an unhandled rejection behind.
    this.ready.catch(() => {});
  }

  /** True once admitted (or failed): nothing waits any more. */
  get settled(): boolean {
    return this.inner !== undefined || this.failure !== undefined;
  }

  /** Admitted: from now on everything goes to `query`. */
  attach(query: Query): void {
    if (this.settled) return;
    this.inner = query;
    this.resolveReady(query);
  }

  /** Not admitted: the first `next()` throws `error`, the controls reject with it. */
  fail(error: unknown): void {
    if (this.settled) return;
    this.failure = { error, thrown: false };
    this.rejectReady(error);
  }

  async next(): Promise<IteratorResult<SDKMessage, void>> {
    const inner = this.inner ?? (await this.ready.catch(() => undefined));
    if (inner !== undefined) return inner.next();
    return this.failed();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    if (this.inner !== undefined) return this.inner.return();
    this.leave();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    if (this.inner !== undefined) return this.inner.throw(error);
    this.leave();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [asyncDispose](): Promise<void> {
    if (this.inner !== undefined) return this.inner[asyncDispose]();
    this.leave();
  }

  close(): void {
    if (this.inner !== undefined) this.inner.close();
    else this.leave();
  }

  interrupt: Q['interrupt'] = () => this.call((q) => q.interrupt());
  setPermissionMode: Q['setPermissionMode'] = (mode) => this.call((q) => q.setPermissionMode(mode));
  setMcpPermissionModeOverride: Q['setMcpPermissionModeOverride'] = (name, mode) =>
    this.call((q) => q.setMcpPermissionModeOverride(name, mode));
  setModel: Q['setModel'] = (model) => this.call((q) => q.setModel(model));
  setMaxThinkingTokens: Q['setMaxThinkingTokens'] = (tokens, display) =>
    this.call((q) => q.setMaxThinkingTokens(tokens, display));
  applyFlagSettings: Q['applyFlagSettings'] = (settings) => this.call((q) => q.applyFlagSettings(settings));
  updateSettings: Q['updateSettings'] = (source, settings) => this.call((q) => q.updateSettings(source, settings));
  initializationResult: Q['initializationResult'] = () => this.call((q) => q.initializationResult());
  reinitialize: Q['reinitialize'] = () => this.call((q) => q.reinitialize());
  supportedCommands: Q['supportedCommands'] = () => this.call((q) => q.supportedCommands());
  supportedModels: Q['supportedModels'] = () => this.call((q) => q.supportedModels());
  supportedAgents: Q['supportedAgents'] = () => this.call((q) => q.supportedAgents());
  mcpServerStatus: Q['mcpServerStatus'] = () => this.call((q) => q.mcpServerStatus());
  getContextUsage: Q['getContextUsage'] = (opts) => this.call((q) => q.getContextUsage(opts));
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET: Q['usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET'] =
    (opts) => this.call((q) => q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts));
  readFile: Q['readFile'] = (path, options) => this.call((q) => q.readFile(path, options));
  reloadPlugins: Q['reloadPlugins'] = (options) => this.call((q) => q.reloadPlugins(options));
  reloadSkills: Q['reloadSkills'] = () => this.call((q) => q.reloadSkills());
  reloadOutputStyles: Q['reloadOutputStyles'] = () => this.call((q) => q.reloadOutputStyles());
  accountInfo: Q['accountInfo'] = () => this.call((q) => q.accountInfo());
  rewindFiles: Q['rewindFiles'] = (id, options) => this.call((q) => q.rewindFiles(id, options));
  seedReadState: Q['seedReadState'] = (path, mtime) => this.call((q) => q.seedReadState(path, mtime));
  reconnectMcpServer: Q['reconnectMcpServer'] = (name) => this.call((q) => q.reconnectMcpServer(name));
  toggleMcpServer: Q['toggleMcpServer'] = (name, enabled) => this.call((q) => q.toggleMcpServer(name, enabled));
  readMcpResource: Q['readMcpResource'] = (name, uri) => this.call((q) => q.readMcpResource(name, uri));
  setMcpServers: Q['setMcpServers'] = (servers) => this.call((q) => q.setMcpServers(servers));
  streamInput: Q['streamInput'] = (stream) => this.call((q) => q.streamInput(stream));
  stopTask: Q['stopTask'] = (taskId) => this.call((q) => q.stopTask(taskId));
  backgroundTasks: Q['backgroundTasks'] = (toolUseId) => this.call((q) => q.backgroundTasks(toolUseId));

  private call<R>(act: (query: Query) => Promise<R>): Promise<R> {
    return this.inner !== undefined ? act(this.inner) : this.ready.then(act);
  }

  private failed(): IteratorResult<SDKMessage, void> {
    const failure = this.failure;
    if (failure !== undefined && !failure.thrown) {
      failure.thrown = true;
      throw failure.error;
    }
    return { value: undefined, done: true };
  }

  private leave(): void {
    if (this.settled) return;
    const error = new AbortError({ message: 'The query was closed while it waited in the pool' });
    this.failure = { error, thrown: true };
    this.rejectReady(error);
    this.abandon();
  }
}
