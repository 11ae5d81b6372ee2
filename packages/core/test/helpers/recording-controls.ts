/**
 * Every control method of a session (from `QUERY_CONTROLS`) over a recorded `request`: the unit
 * tests of the control table check the request each method writes and how it maps the answer.
 */
import type { ControlRequestOptions } from '../../src/ports/control-protocol.js';
import type { ControlHost } from '../../src/session/control-host.js';
import { installControlCalls } from '../../src/session/install-control-calls.js';
import type { QueryControls } from '../../src/session/query-controls.js';
import type { SDKControlInitializeResponse } from '../../src/types/control/sdk-control-responses.js';
import type { McpSdkServerConfig, McpSdkServerConfigWithInstance } from '../../src/types/mcp/mcp-server-config.js';
import type { SlashCommand } from '../../src/types/slash-command.js';

/** An answer of the recorded CLI: a `response` object, or an error to reject with. */
export type RecordedAnswer = Record<string, unknown> | Error;

/** Records the control requests and answers each with `answers[subtype]` (or `{}`). */
export interface RecordingControls extends QueryControls {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are installed on the prototype from QUERY_CONTROLS (installControlCalls, below)
export class RecordingControls implements ControlHost {
  readonly sent: Array<[string, Record<string, unknown> | undefined]> = [];
  /** The in-process server configs handed to `replaceSdkMcpServers`, one entry per call. */
  readonly replaced: Array<Record<string, McpSdkServerConfigWithInstance>> = [];
  /** What `latestCommands()` returns (a `commands_changed` message seen by a session). */
  commands: SlashCommand[] | undefined;

  constructor(
    private readonly answers: Record<string, RecordedAnswer> = {},
    private readonly init: Partial<SDKControlInitializeResponse> = {},
  ) {}

  async request(
    subtype: string,
    payload?: Record<string, unknown>,
    _options?: ControlRequestOptions,
  ): Promise<Record<string, unknown>> {
    this.sent.push([subtype, payload]);
    const answer = this.answers[subtype];
    if (answer instanceof Error) throw answer;
    return answer ?? {};
  }

  async initializationResult(): Promise<SDKControlInitializeResponse> {
    return this.init as SDKControlInitializeResponse;
  }

  latestCommands(): SlashCommand[] | undefined {
    return this.commands;
  }

  async replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfig>> {
    this.replaced.push(servers);
    return Object.fromEntries(Object.keys(servers).map((name) => [name, { type: 'sdk' as const, name }]));
  }
}

installControlCalls(RecordingControls);
