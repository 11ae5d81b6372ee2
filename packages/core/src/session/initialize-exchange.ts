import type { ControlProtocol } from '../ports/control-protocol.js';
import type { SDKControlInitializeResponse } from '../types/control/sdk-control-responses.js';
import { requestInitialize } from './request-initialize.js';
import type { StartedSession } from './start-session.js';

/**
 * A session's `initialize` exchange: the payload sent at start, the CLI's first answer, the gate user
 * messages wait behind, and `reinitialize()`, which sends the payload again. Empty until the
 * session has started.
 */
export class InitializeExchange {
  private payload: Record<string, unknown> | undefined;
  private first: Promise<SDKControlInitializeResponse> | undefined;
  private gate: Promise<unknown> | undefined;

  /**
   * Record what the start sequence sent. An unanswered `initialize` is fatal (nothing else can
   * work), so a failed answer goes to `fail`.
   */
  sent(started: StartedSession, fail: (error: unknown) => void): void {
    this.payload = started.payload;
    this.first = started.initialize;
    // Servers sent in initialize must be confirmed before a prompt runs, or a turn could run without them.
    if (started.gatesInput) this.gate = started.initialize;
    started.initialize.catch(fail);
  }

  /** The CLI's first answer; `undefined` before start. */
  get answer(): Promise<SDKControlInitializeResponse> | undefined {
    return this.first;
  }

  /** What user messages wait for: the first answer when it must confirm external MCP servers. */
  get inputGate(): Promise<unknown> | undefined {
    return this.gate;
  }

  /**
   * Send `initialize` again through `protocol`: the payload sent at start with its hooks (same
   * callback ids), the current in-process server names and no manifests.
   */
  again(
    protocol: Pick<ControlProtocol, 'request'>,
    serverNames: string[],
    timeoutMs: number,
  ): Promise<SDKControlInitializeResponse> {
    const { sdkMcpServerManifests: _manifests, sdkMcpServers: _names, ...payload } = this.payload ?? {};
    return requestInitialize(
      protocol,
      { ...(serverNames.length > 0 && { sdkMcpServers: serverNames }), ...payload },
      timeoutMs,
    );
  }
}
