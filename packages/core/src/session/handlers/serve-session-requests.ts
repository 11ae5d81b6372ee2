import type { Clock } from '../../ports/clock.js';
import type { ControlProtocol } from '../../ports/control-protocol.js';
import type { McpServerPort } from '../../ports/mcp-server-port.js';
import type { Options } from '../../types/options.js';
import type { RegisteredHook } from '../hook-registrations.js';
import { createCanUseToolHandler } from './can-use-tool-handler.js';
import { createElicitationHandler } from './elicitation-handler.js';
import { createHookCallbackHandler } from './hook-callback-handler.js';
import { createMcpMessageHandler } from './mcp-message-handler.js';
import { createUserDialogHandler } from './user-dialog-handler.js';

/** What the session's inbound request handlers need. */
export interface SessionRequestHandlerParts {
  /** The in-process MCP servers by name (a live view: servers added or removed later count). */
  servers: ReadonlyMap<string, McpServerPort>;
  /** The names of the in-process servers removed mid-session (a live view). */
  removedServers?: ReadonlySet<string>;
  /** The session's signal, handed to every MCP call. */
  signal: AbortSignal;
  /**
   * The options: `canUseTool`, `permissionTimeoutMs`, `onElicitation` and `onUserDialog` are read
   * when a request comes.
   */
  options: Options;
  /** The hook callback registered under an id, once the session registered them. */
  findHook: (callbackId: string) => RegisteredHook | undefined;
  /** Where the callbacks' deadlines are set. */
  clock: Clock;
}

/**
 * Registers a handler on `protocol` for every kind of request the CLI sends a session: one line
 * per kind, each handler in a module of its own. A kind with no handler is answered by the protocol
 * with the official error (`Unsupported control request subtype: <x>`, `unsupported_request`).
 */
export function serveSessionRequests(
  protocol: Pick<ControlProtocol, 'handle'>,
  parts: SessionRequestHandlerParts,
): void {
  protocol.handle('mcp_message', createMcpMessageHandler(parts.servers, parts.signal, parts.removedServers), {
    cancellable: false,
  });
  protocol.handle('can_use_tool', createCanUseToolHandler(parts.options, parts.clock));
  protocol.handle('hook_callback', createHookCallbackHandler(parts.findHook, parts.clock));
  protocol.handle('elicitation', createElicitationHandler(parts.options, undefined, parts.clock));
  protocol.handle('request_user_dialog', createUserDialogHandler(parts.options, undefined, parts.clock));
}
