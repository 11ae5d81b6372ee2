import type { SpawnedProcessLike, SpawnOptions } from '../types/options/spawn-options.js';

/**
 * Options that choose the CLI process on this machine: which executable, under which runtime, or a
 * spawner of the user's. Only a transport that starts a local process can honour them; one whose
 * CLI runs elsewhere refuses them (its far side picks the CLI). Every field is absent unless the
 * user set it.
 */
export interface LocalProcessHints {
  /** The CLI to run (`options.pathToClaudeCodeExecutable`), when given and not empty. */
  readonly pathToClaudeCodeExecutable?: string;
  /** The runtime of a script build (`options.executable`), when given and not empty. */
  readonly executable?: string;
  /** Arguments for that runtime (`options.executableArgs`). */
  readonly executableArgs?: readonly string[];
  /** The user's spawner (`options.spawnClaudeCodeProcess`), called instead of spawning. */
  readonly spawnClaudeCodeProcess?: (options: SpawnOptions) => SpawnedProcessLike;
}

/**
 * Everything a transport needs to run one Claude Code CLI, built once from the session's checked
 * options (`buildTransportLaunch` of `@hexagent/transport-kit`) before any transport is made: the
 * port's narrow input, in place of the user's whole `Options`, so that a transport never turns
 * options into a command line itself and the options can evolve without breaking transports.
 *
 * The control protocol is not the transport's: the session sends `initialize` (system prompt,
 * hooks, agents, in-process MCP servers) and every other request over the transport once it has
 * started. A transport sends nothing of its own on the CLI's input.
 */
export interface TransportLaunch {
  /**
   * The CLI's arguments, without the executable: `--output-format stream-json --verbose ...`, flag
   * for flag as the official SDK writes them. A flag's value is either in the same element
   * (`--model=x`) or, for `--mcp-config`, `--settings`, `--managed-settings` and `extraArgs`, in the
   * next one (`--settings`, `{...}`) unless it starts with `-`.
   */
  readonly args: readonly string[];
  /**
   * The CLI's whole environment when it runs on this machine, with the official semantics:
   * `options.env` when given (it replaces the inherited environment), else a copy of this
   * process's, plus the SDK's own variables (`CLAUDE_CODE_ENTRYPOINT`, ...) and the trace context.
   * A key whose value is `undefined` is to be left out.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * What a CLI running elsewhere must be given on top of the environment it finds there: the
   * variables of `options.env` and the SDK's own, never this process's environment (which stays on
   * this machine). No trace context: a far side that wants it takes {@link TransportLaunch.traceContext}.
   */
  readonly remoteEnv: Readonly<Record<string, string>>;
  /**
   * Names of variables in {@link TransportLaunch.env} and {@link TransportLaunch.remoteEnv} whose
   * values are secrets (API keys, tokens, passwords): a transport must not put them on a command
   * line, where other users of the host can read them (`ps`); it passes them in an environment,
   * over the CLI's input before it starts, or in a file only its user can read.
   */
  readonly secretEnvNames: readonly string[];
  /** `true` when `options.env` was not given, so {@link TransportLaunch.env} is a copy of this process's environment. */
  readonly inheritsProcessEnv: boolean;
  /** The CLI's working directory (`options.cwd`, where it runs), or absent for the transport's default. */
  readonly cwd?: string;
  /**
   * `true` when no option chooses the local process ({@link TransportLaunch.localProcess} is
   * empty): the launch is the same wherever the CLI runs. A remote transport refuses a launch that
   * is not vanilla, naming {@link TransportLaunch.localProcessOption}.
   */
  readonly vanilla: boolean;
  /** The options that choose the local CLI process, when any is set. */
  readonly localProcess: LocalProcessHints;
  /** The first option of {@link TransportLaunch.localProcess} that is set, for a refusal to name. */
  readonly localProcessOption?: keyof LocalProcessHints;
  /**
   * The type of every MCP server the session configures, by name (`sdk` for an in-process one,
   * `stdio`, `sse`, `http`), the session's and its agents' inline ones: what a far side that
   * polices MCP servers must see before the CLI starts.
   */
  readonly mcpServerTypes: Readonly<Record<string, string>>;
  /** The session's abort signal (`options.abortController`): aborting it stops the CLI. */
  readonly signal?: AbortSignal;
  /** Where the CLI's stderr goes, line by line (`options.stderr`). */
  readonly stderr?: (data: string) => void;
  /** The largest line of the CLI's output accepted, in bytes (`options.maxMessageBytes`), when set. */
  readonly maxMessageBytes?: number;
  /**
   * The caller's trace context, as an OpenTelemetry propagator writes it into a carrier
   * (`traceparent`, and `tracestate` when there is one), so the CLI's own telemetry joins the
   * caller's trace. It is already in {@link TransportLaunch.env} as `TRACEPARENT`/`TRACESTATE`
   * (unless `options.env` sets those), as the official SDK passes it.
   */
  readonly traceContext?: Readonly<Record<string, string>>;
  /**
   * Set when the session resumes from a `sessionStore`: the session's transcripts as loaded from the
   * store (data; nothing is written to disk before the transport starts), while
   * {@link TransportLaunch.args} carry `--resume`. The transport takes them to where its CLI resumes
   * them: a CLI on this machine gets a private config directory the transport writes at `start()`
   * and removes at `close()` (`writeResumeConfigDir` of `@hexagent/transport-kit`), named as its
   * `CLAUDE_CONFIG_DIR`; a CLI elsewhere gets a directory of its far side's. Either way the transport
   * reports that directory as `Transport.cliConfigDir`, so the store's mirror maps the paths under it
   * ({@link TransportLaunch.remoteEnv} then names no `CLAUDE_CONFIG_DIR`).
   */
  readonly resumeTranscripts?: ResumeTranscripts;
}

/**
 * The transcripts of a session resumed from a `sessionStore`, by their paths under the CLI's
 * `projects` directory (the shape of the relay hello's `resume`).
 */
export interface ResumeTranscripts {
  /** The main transcript first, then its sub-agents' transcripts and `.meta.json` files, by path. */
  readonly files: readonly ResumeTranscriptFile[];
}

/** One transcript file of a session to resume. */
export interface ResumeTranscriptFile {
  /**
   * Its `/`-separated path under the CLI's `projects` directory: `<projectKey>/<sessionId>.jsonl`,
   * or `<projectKey>/<sessionId>/<subpath>.jsonl` (and `.meta.json`) for a sub-agent's.
   */
  readonly path: string;
  /** The file's content. */
  readonly content: string;
}
