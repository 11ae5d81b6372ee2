/**
 * The wire between `@hexagent/transport-websocket` (the client) and `@hexagent/relay` (the host
 * that runs the CLI), version 1. One WebSocket per CLI process:
 *
 * 1. The client opens the socket with the subprotocol {@link RELAY_SUBPROTOCOL} and the header
 *    `Authorization: Bearer <token>`. A wrong token is refused before the upgrade (HTTP 401), and
 *    so is a connection over the relay's limit (HTTP 503).
 * 2. Its first frame is a {@link RelayHello} (a binary frame, like every relay frame): the argv
 *    (each element `--name` or `--name=value`), environment, working directory and MCP servers of
 *    the CLI, and the transcripts of a session to resume. The relay checks them against what its
 *    operator allows and answers {@link RelayReady} (with the CLI's config directory) once the CLI
 *    runs, or a {@link RelayErrorFrame} and a close with a code of {@link RELAY_CLOSE}.
 * 3. Then every **text** frame is one stream-json message (one line, without its newline), both
 *    ways. **Binary** frames are the relay's own: {@link RelayEndInput} from the client (end of the
 *    CLI's input), {@link RelayExit} from the relay once the CLI has exited and all its output was sent.
 *    The relay reads each line of a client's text frame as the CLI would and passes on what it
 *    read, re-encoded; what its operator does not allow never reaches the CLI. A control request
 *    it refuses (a subtype it does not pass, an MCP server, permission mode, model, directory,
 *    setting or variable its operator does not allow) is answered with a `control_response` of
 *    subtype `error`; any other line it refuses (one it cannot read, or a message it does not
 *    pass) ends the connection with a {@link RelayErrorFrame} (`message_not_allowed`, close 4403).
 */

/** The WebSocket subprotocol of this version of the wire. */
export const RELAY_SUBPROTOCOL = 'hexagent-relay.v1';

/** The client's first frame: what CLI to start. */
export interface RelayHello {
  type: 'relay_hello';
  /** The CLI's arguments, without the executable (the relay's operator decides which one runs). */
  argv: string[];
  /** Variables to set for the CLI, on top of the relay's own environment. */
  env: Record<string, string>;
  /** The CLI's working directory on the relay's host; default: the relay's configured one. */
  cwd?: string;
  /**
   * The MCP servers the client will configure (in `initialize`), by name: each server's type
   * (`sdk` for an in-process one, `stdio`, `sse`, `http`). The relay refuses the hello when its
   * operator does not allow one, before the CLI starts; it also checks the `initialize` request itself.
   */
  mcpServers?: Record<string, string>;
  /**
   * A session to resume that the client loaded from its session store: the relay writes the files
   * into a config directory of this connection's own on its host, runs the CLI with it as
   * `CLAUDE_CONFIG_DIR`, and removes it when the connection ends. The argv carries `--resume=<id>`.
   */
  resume?: RelayResume;
}

/** The transcripts of a session the relay's CLI resumes (see {@link RelayHello.resume}). */
export interface RelayResume {
  /** The session's transcript files: its main transcript and its sub-agents'. */
  files: RelayTranscriptFile[];
}

/** One transcript file of a session to resume. */
export interface RelayTranscriptFile {
  /**
   * Its path under the CLI's `projects` directory, `/`-separated: `<projectKey>/<sessionId>.jsonl`
   * for the main transcript, `<projectKey>/<sessionId>/subagents/agent-<id>.jsonl` (and
   * `.meta.json`) for a sub-agent's. `<projectKey>` is the project directory of the CLI's working
   * directory on the relay's host.
   */
  path: string;
  /** The file's content. */
  content: string;
}

/** The relay's answer to the hello: the CLI runs. */
export interface RelayReady {
  type: 'relay_ready';
  /** The CLI's process id on the relay's host. */
  pid: number;
  /**
   * The CLI's config directory on the relay's host (its `CLAUDE_CONFIG_DIR`, else `~/.claude`):
   * the transcript paths the CLI reports in `transcript_mirror` messages are under it.
   */
  configDir?: string;
}

/** The client closes the CLI's input (EOF): it finishes and exits. */
export interface RelayEndInput {
  type: 'relay_end_input';
}

/** The CLI has exited and every line it wrote was sent before this frame. */
export interface RelayExit {
  type: 'relay_exit';
  code: number | null;
  signal: string | null;
  /** The last lines of the CLI's stderr (bounded). */
  stderrTail: string;
}

/** A refusal or failure, sent just before the relay closes the socket with the matching code. */
export interface RelayErrorFrame {
  type: 'relay_error';
  /** One of {@link RelayRefusalReason}. */
  reason: RelayRefusalReason;
  message: string;
}

/** Why the relay refused or ended a connection. */
export type RelayRefusalReason =
  | 'unauthorized'
  | 'over_capacity'
  | 'bad_hello'
  | 'flag_not_allowed'
  | 'env_not_allowed'
  | 'cwd_not_allowed'
  | 'mcp_server_not_allowed'
  | 'hello_timeout'
  | 'spawn_failed'
  | 'idle_timeout'
  | 'frame_too_large'
  | 'message_not_allowed'
  | 'token_revoked'
  | 'containment_failed';

/** Any frame of the relay's own (a binary frame). */
export type RelayFrame = RelayHello | RelayReady | RelayEndInput | RelayExit | RelayErrorFrame;

/** Close codes of the relay (4000-4999 are the application's range). */
export const RELAY_CLOSE = {
  /** The CLI exited and everything was sent. */
  normal: 1000,
  /** A frame over the relay's size limit (the WebSocket "message too big" code). */
  tooLarge: 1009,
  /** The token the connection authenticated with was replaced and its grace period is over. */
  revoked: 4401,
  /** The hello, or a later message of the client's, was refused (flag, env, cwd, MCP server, malformed...). */
  refused: 4403,
  /** No traffic for the relay's idle time, or no hello in its handshake time. */
  idle: 4408,
  /** The CLI could not be started. */
  spawnFailed: 4500,
} as const;

/** The relay's own frame in `data`, or `undefined` when it is not one. */
export function parseRelayFrame(data: Buffer | string): RelayFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('relay_') ? (value as RelayFrame) : undefined;
}

/** `frame` encoded for a binary frame. */
export function encodeRelayFrame(frame: RelayFrame): Buffer {
  return Buffer.from(JSON.stringify(frame), 'utf8');
}

/**
 * Whether `value` has the shape of a {@link RelayHello}: the `relay_hello` type, an argv of
 * strings, an environment of strings, an optional string `cwd` and an optional record of MCP
 * server types. The relay checks every hello with it before its operator's rules.
 */
export function isRelayHello(value: unknown): value is RelayHello {
  if (typeof value !== 'object' || value === null) return false;
  const hello = value as Partial<RelayHello>;
  return (
    hello.type === 'relay_hello' &&
    Array.isArray(hello.argv) &&
    hello.argv.every((arg) => typeof arg === 'string') &&
    isStringRecord(hello.env) &&
    (hello.cwd === undefined || typeof hello.cwd === 'string') &&
    (hello.mcpServers === undefined || isStringRecord(hello.mcpServers))
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
