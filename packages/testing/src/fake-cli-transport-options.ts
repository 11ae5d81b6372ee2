import type {
  ControlErrorResponse,
  ControlRequestBody,
  ControlRequestMessage,
  ControlSuccessResponse,
  OutboundMessage,
} from '@hexagent/core';
import type { defaultInitializeResponse } from './default-initialize-response.js';

/** The SDK's answer to a control request the fake CLI sent: `control_response.response`. */
export type ControlResponseBody = ControlSuccessResponse | ControlErrorResponse;

/**
 * Answers one outbound control request of the SDK automatically. Returns the success `response`
 * payload; a thrown error (or rejection) becomes an error answer with the error's message.
 */
export type ControlAutoResponder = (
  request: ControlRequestBody,
  message: ControlRequestMessage,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Lifecycle flags of a `FakeCliTransport`. */
export interface FakeCliState {
  /** `start()` succeeded. */
  started: boolean;
  /** The SDK called `endInput()`. */
  inputEnded: boolean;
  /** The SDK called `close()`. */
  closed: boolean;
  /** The fake CLI ended its output (`finish()` or `fail()`). */
  exited: boolean;
}

/**
 * Options of a fake CLI whose callbacks receive `Cli`: `FakeCliTransportOptions` is this with the
 * `FakeCliTransport` itself (generic so that this file need not import the class that imports it).
 */
export interface FakeCliTransportOptionsOf<Cli> {
  /**
   * Answer the SDK's `initialize` request automatically with {@link defaultInitializeResponse},
   * shallow-merged with the object when one is given. Like Claude Code started with
   * `--await-initialize`, the answer says `mcp_servers_applied: true` when the request carries
   * external `mcpServers` (pass `{ mcp_servers_applied: false }` to play a CLI that declines them).
   */
  autoInitialize?: boolean | Record<string, unknown>;
  /** Answers other outbound control requests by subtype, e.g. `{ interrupt: () => ({ still_queued: [] }) }`. */
  autoRespond?: Record<string, ControlAutoResponder>;
  /** `start()` rejects with this error (a CLI that cannot be started). */
  startError?: Error;
  /** Called with every message the SDK sends (after it is recorded): script the fake CLI's reactions here. */
  onSend?: (message: OutboundMessage, cli: Cli) => void | Promise<void>;
  /** Called once when the SDK ends its input, e.g. `(cli) => cli.finish()` for a CLI that exits on EOF. */
  onEndInput?: (cli: Cli) => void;
}
