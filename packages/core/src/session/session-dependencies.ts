import type { ControlProtocol } from '../ports/control-protocol.js';
import type { McpServerFactory, McpServerPort } from '../ports/mcp-server-port.js';
import type { Transport } from '../ports/transport.js';
import type { OutboundMessage } from '../types/control.js';
import type { Options } from '../types/options.js';

/** What a `Session` is built from. It never constructs an adapter itself. */
export interface SessionDependencies {
  /** The channel to one CLI. */
  transport: Transport;
  /** The in-process MCP servers of this session, one port each. */
  mcpServers?: readonly McpServerPort[];
  /** Makes the port of an in-process server added mid-session (`setMcpServers`); without it, adding one is refused. */
  createMcpServer?: McpServerFactory;
  /** The query's options (callbacks, hooks, system prompt, timeouts). */
  options?: Options;
  /** Builds the control protocol over the transport's `send`; defaults to `ControlProtocolEngine`. */
  createProtocol?: (send: (message: OutboundMessage) => Promise<void>) => ControlProtocol;
  /**
   * With `options.sessionStore`: the CLI's `<CLAUDE_CONFIG_DIR>/projects` directory, asked when a
   * transcript frame is sent, to map its file to a session key. Without it, frames cannot be mapped
   * and are dropped (`mirrorWarn` is told).
   */
  mirrorProjectsDir?: () => string;
  /** Told of mirror frames that were dropped because their file is not under `mirrorProjectsDir`. */
  mirrorWarn?: (message: string) => void;
}
