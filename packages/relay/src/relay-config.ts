import { InvalidOptionError } from '@hexagent/core';
import { CLAUDE_CODE_FLAG_FORMS, type CliFlagForm } from './cli-flag-forms.js';
import {
  DEFAULT_ALLOWED_ENV,
  DEFAULT_ALLOWED_FLAG_VALUES,
  DEFAULT_ALLOWED_FLAGS,
  DEFAULT_FLAG_DEFAULTS,
  DEFAULT_INHERITED_ENV,
} from './relay-defaults.js';
import type { RelayEvent } from './relay-event.js';
import { PASSING_CONTROL_SUBTYPES } from './screen/control-subtypes.js';

/**
 * Which MCP servers a client may configure (in `initialize`, `mcp_set_servers` or an agent's
 * inline servers): `'in-process'` only those it serves itself (`type: 'sdk'`, run in the client's
 * process), `'none'` not even those, `'all'` any, stdio servers included, which run a command of
 * the client's choosing on the relay's host.
 */
export type ClientMcpServersPolicy = 'none' | 'in-process' | 'all';

/**
 * How the relay finds every process a CLI started, to stop them all when the connection ends:
 * `'cgroup'` a cgroup v2 per CLI (Linux, a writable cgroup), `'proc'` the descendants found through
 * /proc (their parents, process groups and sessions, and a marker variable in their environment),
 * `'auto'` the cgroup when it can make one, else /proc.
 */
export type ProcessTracking = 'auto' | 'cgroup' | 'proc';

/** What the relay's operator decides. Only `token` is required. */
export interface RelayConfig {
  /** The bearer token clients must present (compared in constant time). */
  token: string;
  /** Address to listen on; default `127.0.0.1`. */
  host?: string | undefined;
  /** Port to listen on; default 7878 (0: any free port). */
  port?: number | undefined;
  /** PEM certificate and key: with both, the relay serves `wss://`. */
  tls?: { cert: string | Buffer; key: string | Buffer } | undefined;
  /** The CLI to run (its path; a `.js` file runs with node); default: found as `CliTransport` finds it. */
  cliPath?: string | undefined;
  /**
   * Flags (without the dashes) a client may pass; default {@link DEFAULT_ALLOWED_FLAGS}. Each is
   * written `--name` (a switch, or a flag whose value is optional) or `--name=value` (a flag with a
   * value), as the CLI's parser reads it ({@link CLAUDE_CODE_FLAG_FORMS}); a flag the table does not
   * know needs its form in `cliFlags`.
   */
  allowedFlags?: readonly string[] | undefined;
  /**
   * The values a flag may take, by flag; an entry replaces the default of
   * {@link DEFAULT_ALLOWED_FLAG_VALUES} for that flag. A flag without an entry takes any value.
   */
  allowedFlagValues?: Readonly<Record<string, readonly string[]>> | undefined;
  /** Flags the relay adds (`--name=value`) when the client's command line lacks them; default {@link DEFAULT_FLAG_DEFAULTS}. */
  flagDefaults?: Readonly<Record<string, string>> | undefined;
  /** The form of flags of a newer CLI that {@link CLAUDE_CODE_FLAG_FORMS} does not list. */
  cliFlags?: Readonly<Record<string, CliFlagForm>> | undefined;
  /** Environment variables a client may set; default {@link DEFAULT_ALLOWED_ENV}. */
  allowedEnv?: readonly string[] | undefined;
  /**
   * Variables of the relay's own environment its CLIs get (a name ending in `*` is a prefix);
   * default {@link DEFAULT_INHERITED_ENV}. The relay's own (`HEXAGENT_RELAY_*`) and any holding the
   * token are left out even when named.
   */
  inheritEnv?: readonly string[] | undefined;
  /** Variables set for every CLI, over the inherited ones (the token is never passed, even named here). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** MCP servers a client may configure; default `'in-process'`. */
  allowClientMcpServers?: ClientMcpServersPolicy | undefined;
  /**
   * Control request subtypes a client may send unchecked, besides those that change nothing the
   * relay decides on ({@link PASSING_CONTROL_SUBTYPES}); any other subtype is refused, except those
   * the relay screens (`initialize`, `set_permission_mode`, `set_cwd`, ...), which are always screened.
   */
  allowedControlSubtypes?: readonly string[] | undefined;
  /**
   * Message types a client may send unchecked, besides those the SDKs send (`user`,
   * `control_request`, `control_response`, `control_cancel_request`, `keep_alive`,
   * `update_environment_variables`, each screened): a test CLI's or an extension's own. Any other
   * type is refused (the connection ends, `message_not_allowed`).
   */
  allowedMessageTypes?: readonly string[] | undefined;
  /** Directories a client's `cwd` must be inside; none: a client may not choose its `cwd`. */
  cwdRoots?: readonly string[] | undefined;
  /** The CLI's working directory when the client names none; default: the first root, else the relay's. */
  cwd?: string | undefined;
  /** Largest frame, and largest line of the CLI's output, in bytes; default 16 MiB. */
  maxFrameBytes?: number | undefined;
  /** Connections (so CLI processes) at once; default 8. */
  maxConnections?: number | undefined;
  /**
   * Time from a TCP connection to its hello, in ms: TLS, the HTTP upgrade with the token, and the
   * hello must all be done by then, or the socket is destroyed; default 5 000.
   */
  handshakeTimeoutMs?: number | undefined;
  /**
   * Connections not yet authenticated at once, from all addresses; default 64. Over it, the oldest
   * is destroyed to make room, so a flood of idle sockets cannot keep a token holder out.
   */
  maxPendingConnections?: number | undefined;
  /** Connections not yet authenticated at once from one address; default 16 (the oldest goes first). */
  maxPendingPerAddress?: number | undefined;
  /** A connection with no message either way for this long is closed; default 30 min. */
  idleTimeoutMs?: number | undefined;
  /**
   * How long the relay waits for the client to answer its close frame before it drops the
   * connection, freeing its place, in ms; default 1 000.
   */
  closeTimeoutMs?: number | undefined;
  /**
   * How long the previous token still opens connections once the token is replaced
   * (`Relay.setToken`, or SIGHUP for the bin), in ms; then it is refused, and the connections it
   * opened are ended (`token_revoked`, close 4401); default 5 min.
   */
  tokenGraceMs?: number | undefined;
  /** Told what the operator must know of (a process tree that could not be emptied); the bin logs each on stderr. */
  onEvent?: ((event: RelayEvent) => void) | undefined;
  /**
   * Interval of the relay's pings; a pong missing for one interval drops the link, except while the
   * relay has paused reading because the CLI's stdin is full (a client ping counts as a pong); default 15 s.
   */
  heartbeatIntervalMs?: number | undefined;
  /** Bound of each step of stopping a CLI (SIGTERM, then SIGKILL), in ms; default 3 000. */
  killTimeoutMs?: number | undefined;
  /** Bytes waiting in a socket before the relay stops reading the CLI's output; default 1 MiB. */
  highWaterBytes?: number | undefined;
  /** How the relay finds every process of a CLI's tree; default `'auto'`. */
  processTracking?: ProcessTracking | undefined;
}

/** A {@link RelayConfig} with its defaults filled in. */
export interface ResolvedRelayConfig {
  token: string;
  host: string;
  port: number;
  tls: RelayConfig['tls'];
  cliPath: string | undefined;
  allowedFlags: ReadonlySet<string>;
  allowedFlagValues: ReadonlyMap<string, ReadonlySet<string>>;
  flagDefaults: Readonly<Record<string, string>>;
  flagForms: Readonly<Record<string, CliFlagForm>>;
  allowedEnv: ReadonlySet<string>;
  inheritEnv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  allowClientMcpServers: ClientMcpServersPolicy;
  allowedControlSubtypes: ReadonlySet<string>;
  allowedMessageTypes: ReadonlySet<string>;
  cwdRoots: readonly string[];
  cwd: string;
  maxFrameBytes: number;
  maxConnections: number;
  handshakeTimeoutMs: number;
  maxPendingConnections: number;
  maxPendingPerAddress: number;
  idleTimeoutMs: number;
  closeTimeoutMs: number;
  tokenGraceMs: number;
  onEvent: (event: RelayEvent) => void;
  heartbeatIntervalMs: number;
  killTimeoutMs: number;
  highWaterBytes: number;
  processTracking: ProcessTracking;
}

/**
 * Checks a relay token: a string of 16 characters or more, as `startRelay` and `Relay.setToken`
 * take it.
 *
 * @throws InvalidOptionError otherwise.
 */
export function checkRelayToken(token: unknown): asserts token is string {
  if (typeof token !== 'string' || token.length < 16) {
    throw new InvalidOptionError({
      option: 'token',
      message: 'the relay token must be a string of 16 characters or more',
    });
  }
}

const MCP_POLICIES: readonly ClientMcpServersPolicy[] = ['none', 'in-process', 'all'];
const TRACKING: readonly ProcessTracking[] = ['auto', 'cgroup', 'proc'];

/**
 * `config` checked and completed.
 *
 * @throws InvalidOptionError for a short token, a bad number or choice, an allowed flag whose form
 *   the relay does not know, or `mcp-config` allowed while client MCP servers are not.
 */
export function resolveRelayConfig(config: RelayConfig): ResolvedRelayConfig {
  checkRelayToken(config.token);
  const count = (option: string, value: number | undefined, fallback: number, min = 1): number => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < min) {
      throw new InvalidOptionError({ option, message: `must be an integer >= ${min}, got ${String(value)}` });
    }
    return value;
  };
  const choice = <T extends string>(option: string, value: T | undefined, choices: readonly T[], fallback: T): T => {
    if (value === undefined) return fallback;
    if (!choices.includes(value)) {
      throw new InvalidOptionError({ option, message: `must be one of ${choices.join(', ')}, got ${String(value)}` });
    }
    return value;
  };
  const flagForms = { ...CLAUDE_CODE_FLAG_FORMS, ...(config.cliFlags ?? {}) };
  const allowedFlags = new Set(config.allowedFlags ?? DEFAULT_ALLOWED_FLAGS);
  for (const flag of allowedFlags) {
    if (flagForms[flag] === undefined) {
      throw new InvalidOptionError({
        option: 'allowedFlags',
        message: `the relay does not know how the CLI reads --${flag}: give its form in cliFlags ('switch', 'value' or 'optional-value')`,
      });
    }
  }
  const allowClientMcpServers = choice(
    'allowClientMcpServers',
    config.allowClientMcpServers,
    MCP_POLICIES,
    'in-process',
  );
  if (allowClientMcpServers !== 'all' && allowedFlags.has('mcp-config')) {
    throw new InvalidOptionError({
      option: 'allowedFlags',
      message: "--mcp-config starts the MCP servers a client names: allow it only with allowClientMcpServers: 'all'",
    });
  }
  const values = { ...DEFAULT_ALLOWED_FLAG_VALUES, ...(config.allowedFlagValues ?? {}) };
  const cwdRoots = [...(config.cwdRoots ?? [])];
  return {
    token: config.token,
    host: config.host ?? '127.0.0.1',
    port: count('port', config.port, 7878, 0),
    tls: config.tls,
    cliPath: config.cliPath,
    allowedFlags,
    allowedFlagValues: new Map(Object.entries(values).map(([flag, list]) => [flag, new Set(list)])),
    flagDefaults: config.flagDefaults ?? DEFAULT_FLAG_DEFAULTS,
    flagForms,
    allowedEnv: new Set(config.allowedEnv ?? DEFAULT_ALLOWED_ENV),
    inheritEnv: [...(config.inheritEnv ?? DEFAULT_INHERITED_ENV)],
    env: config.env ?? {},
    allowClientMcpServers,
    allowedControlSubtypes: new Set([...PASSING_CONTROL_SUBTYPES, ...(config.allowedControlSubtypes ?? [])]),
    allowedMessageTypes: new Set(config.allowedMessageTypes ?? []),
    cwdRoots,
    cwd: config.cwd ?? cwdRoots[0] ?? process.cwd(),
    maxFrameBytes: count('maxFrameBytes', config.maxFrameBytes, 16 * 1024 * 1024),
    maxConnections: count('maxConnections', config.maxConnections, 8),
    handshakeTimeoutMs: count('handshakeTimeoutMs', config.handshakeTimeoutMs, 5_000),
    maxPendingConnections: count('maxPendingConnections', config.maxPendingConnections, 64),
    maxPendingPerAddress: count('maxPendingPerAddress', config.maxPendingPerAddress, 16),
    idleTimeoutMs: count('idleTimeoutMs', config.idleTimeoutMs, 30 * 60_000),
    closeTimeoutMs: count('closeTimeoutMs', config.closeTimeoutMs, 1_000),
    tokenGraceMs: count('tokenGraceMs', config.tokenGraceMs, 5 * 60_000, 0),
    onEvent: config.onEvent ?? (() => {}),
    heartbeatIntervalMs: count('heartbeatIntervalMs', config.heartbeatIntervalMs, 15_000),
    killTimeoutMs: count('killTimeoutMs', config.killTimeoutMs, 3_000),
    highWaterBytes: count('highWaterBytes', config.highWaterBytes, 1024 * 1024),
    processTracking: choice('processTracking', config.processTracking, TRACKING, 'auto'),
  };
}
