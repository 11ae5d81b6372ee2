import { InvalidOptionError } from '@hexagent/core';

/**
 * The flags a client may pass by default: what `buildCliArgs` writes for the everyday options. Left
 * out on purpose: flags that point the CLI at the relay host's files or widen what it may do there
 * (`--add-dir`, `--debug-file`, `--mcp-config`, `--managed-settings`, `--project-config-root`,
 * `--allow-dangerously-skip-permissions`); an operator who wants them lists them.
 */
export const DEFAULT_ALLOWED_FLAGS: readonly string[] = [
  'output-format',
  'input-format',
  'verbose',
  'await-initialize',
  'model',
  'fallback-model',
  'max-turns',
  'max-thinking-tokens',
  'thinking',
  'max-budget-usd',
  'task-budget',
  'effort',
  'thinking-display',
  'betas',
  'agent',
  'tools',
  'allowedTools',
  'disallowedTools',
  'permission-prompt-tool',
  'permission-prompts',
  'permission-mode',
  'setting-sources',
  'strict-mcp-config',
  'include-hook-events',
  'include-partial-messages',
  'session-id',
  'resume',
  'resume-session-at',
  'resume-drops-turn',
  'continue',
  'fork-session',
  'no-session-persistence',
  'json-schema',
];

/** The variables a client may set by default: the ones `buildCliEnv` adds for the SDK's own options. */
export const DEFAULT_ALLOWED_ENV: readonly string[] = [
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_AGENT_SDK_CLIENT_APP',
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
  'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
  'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT',
];

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
   * Flags (without the dashes) a client may pass; default {@link DEFAULT_ALLOWED_FLAGS}. A flag
   * written alone takes the next element as its value, unless transport-cli lists it among the
   * switches (`CLI_SWITCH_FLAGS`); any other bare argument is refused.
   */
  allowedFlags?: readonly string[] | undefined;
  /** Environment variables a client may set; default {@link DEFAULT_ALLOWED_ENV}. */
  allowedEnv?: readonly string[] | undefined;
  /** Directories a client's `cwd` must be inside; none: a client may not choose its `cwd`. */
  cwdRoots?: readonly string[] | undefined;
  /** The CLI's working directory when the client names none; default: the first root, else the relay's. */
  cwd?: string | undefined;
  /** The CLI's base environment, before the client's variables; default: the relay's own. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Largest frame, and largest line of the CLI's output, in bytes; default 16 MiB. */
  maxFrameBytes?: number | undefined;
  /** Connections (so CLI processes) at once; default 8. */
  maxConnections?: number | undefined;
  /** A connection with no message either way for this long is closed; default 30 min. */
  idleTimeoutMs?: number | undefined;
  /**
   * Interval of the relay's pings; a pong missing for one interval drops the link, except while the
   * relay has paused reading because the CLI's stdin is full (a client ping counts as a pong); default 15 s.
   */
  heartbeatIntervalMs?: number | undefined;
  /** Bound of each step of stopping a CLI (SIGTERM, then SIGKILL), in ms; default 3 000. */
  killTimeoutMs?: number | undefined;
  /** Bytes waiting in a socket before the relay stops reading the CLI's output; default 1 MiB. */
  highWaterBytes?: number | undefined;
}

/** A {@link RelayConfig} with its defaults filled in. */
export interface ResolvedRelayConfig {
  token: string;
  host: string;
  port: number;
  tls: RelayConfig['tls'];
  cliPath: string | undefined;
  allowedFlags: ReadonlySet<string>;
  allowedEnv: ReadonlySet<string>;
  cwdRoots: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  maxFrameBytes: number;
  maxConnections: number;
  idleTimeoutMs: number;
  heartbeatIntervalMs: number;
  killTimeoutMs: number;
  highWaterBytes: number;
}

/**
 * `config` checked and completed.
 *
 * @throws InvalidOptionError for an empty token or a bad number.
 */
export function resolveRelayConfig(config: RelayConfig): ResolvedRelayConfig {
  if (typeof config.token !== 'string' || config.token.length < 16) {
    throw new InvalidOptionError({
      option: 'token',
      message: 'the relay token must be a string of 16 characters or more',
    });
  }
  const count = (option: string, value: number | undefined, fallback: number, min = 1): number => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < min) {
      throw new InvalidOptionError({ option, message: `must be an integer >= ${min}, got ${String(value)}` });
    }
    return value;
  };
  const cwdRoots = [...(config.cwdRoots ?? [])];
  return {
    token: config.token,
    host: config.host ?? '127.0.0.1',
    port: count('port', config.port, 7878, 0),
    tls: config.tls,
    cliPath: config.cliPath,
    allowedFlags: new Set(config.allowedFlags ?? DEFAULT_ALLOWED_FLAGS),
    allowedEnv: new Set(config.allowedEnv ?? DEFAULT_ALLOWED_ENV),
    cwdRoots,
    cwd: config.cwd ?? cwdRoots[0] ?? process.cwd(),
    env: config.env ?? process.env,
    maxFrameBytes: count('maxFrameBytes', config.maxFrameBytes, 16 * 1024 * 1024),
    maxConnections: count('maxConnections', config.maxConnections, 8),
    idleTimeoutMs: count('idleTimeoutMs', config.idleTimeoutMs, 30 * 60_000),
    heartbeatIntervalMs: count('heartbeatIntervalMs', config.heartbeatIntervalMs, 15_000),
    killTimeoutMs: count('killTimeoutMs', config.killTimeoutMs, 3_000),
    highWaterBytes: count('highWaterBytes', config.highWaterBytes, 1024 * 1024),
  };
}
