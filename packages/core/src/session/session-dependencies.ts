import type { McpServerPlan } from '../mcp/mcp-server-plan.js';
import type { Clock } from '../ports/clock.js';
import type { ControlProtocol } from '../ports/control-protocol.js';
import type { IdSource } from '../ports/id-source.js';
import type { McpServerFactory, McpServerPort } from '../ports/mcp-server-port.js';
import type { SessionTracer } from '../ports/session-tracer.js';
import type { Transport } from '../ports/transport.js';
import type { OutboundMessage } from '../types/control.js';
import type { Options } from '../types/options.js';

/** What a `Session` is built from. It never constructs an adapter itself. */
export interface SessionDependencies {
  /** The channel to one CLI. */
  transport: Transport;
  /** The in-process MCP servers of this session, one port each. */
  mcpServers?: readonly McpServerPort[];
  /**
   * `options`' MCP servers, checked and split where the session was composed (`planMcpServers`):
   * the session neither checks nor classifies them again. Without it, the session splits them
   * itself and checks them when it starts.
   */
  mcpServerPlan?: McpServerPlan;
  /** Makes the port of an in-process server added mid-session (`setMcpServers`); without it, adding one is refused. */
  createMcpServer?: McpServerFactory;
  /** The query's options (callbacks, hooks, system prompt, timeouts). */
  options?: Options;
  /** Builds the control protocol over the transport's `send`; defaults to `ControlProtocolEngine`. */
  createProtocol?: (send: (message: OutboundMessage) => Promise<void>) => ControlProtocol;
  /** Where the session's spans go; defaults to `options.tracer`. Without one, nothing is traced. */
  tracer?: SessionTracer;
  /**
   * With `options.sessionStore`: the CLI's `<CLAUDE_CONFIG_DIR>/projects` directory, asked when a
   * transcript frame is sent, to map its file to a session key. Without it, frames cannot be mapped
   * and are dropped (`mirrorWarn` is told).
   */
  mirrorProjectsDir?: () => string;
  /** Told of mirror frames that were dropped because their file is not under `mirrorProjectsDir`. */
  mirrorWarn?: (message: string) => void;
  /**
   * Where the session reads the time and sets its timers (control request timeouts, callback
   * deadlines, session-store retries); default `systemClock`. Tests pass a `ManualClock`.
   */
  clock?: Clock;
  /**
   * After a `result`, how long the session waits for the CLI to report `idle` before it takes the
   * run as over (and may end the CLI's input); 0: no limit. Default 10 minutes. The facade reads
   * it from the CLI's environment (`runEndCeilingMs`).
   */
  runEndCeilingMs?: number;
  /** Where the session's random ids come from (control request ids, `mirror_error` uuids); default `randomIdSource`. */
  ids?: IdSource;
}
