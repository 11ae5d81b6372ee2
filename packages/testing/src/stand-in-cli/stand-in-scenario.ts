/**
 * What the stand-in CLI does, as data: the scenario it plays. Every field is optional; `{}` is a
 * CLI that answers `initialize` like the real one (capture 01), runs a short realistic turn for each
 * user message, and exits 0 when its input ends. Paths in a scenario may be relative: they resolve
 * against the directory of the scenario file (an installed stand-in's directory), or the working
 * directory when the scenario came in an environment variable.
 */
export interface StandInScenario {
  /** The version it reports (`--version`, `claude_code_version`). Default `2.1.329`, capture 01's. */
  version?: string;
  /** How it answers `initialize`. */
  initialize?: StandInInitialize;
  /**
   * Answers to the other control requests from the SDK, by subtype: the `response` of a success,
   * or `null` for never answering. Unlisted: `interrupt` gets `{ still_queued: [] }`, others `{}`.
   */
  controlAnswers?: Record<string, Record<string, unknown> | null>;
  /**
   * `true`: write every input message back unchanged and do nothing else with it (no protocol at
   * all). A list of types: write messages of those types back, treat the rest as the CLI would.
   */
  echo?: boolean | string[];
  /**
   * Run the steps that the test sends in input messages `{ "type": "stand_in", "steps": [...] }`,
   * in order with echoed messages: a test drives the CLI over stdin.
   */
  stepsFromInput?: boolean;
  /**
   * Steps run for an input message of one of these types (in order with the steps from input),
   * instead of what the type would get otherwise: a test's own message types.
   */
  on?: Record<string, StandInStep[]>;
  /** Signals it ignores (it writes `ignoring <signal>` to stderr instead); only SIGKILL then stops it. */
  ignoreSignals?: NodeJS.Signals[];
  /** Steps run at once on start, while input is read. */
  onStart?: StandInStep[];
  /** Steps run after `initialize` was answered (or not, with `answer: 'none'`). */
  onInitialize?: StandInStep[];
  /** Steps of one turn, run for each user message, one turn at a time. Default: `standInTurn(...work)`. */
  onUser?: StandInStep[];
  /** Without `onUser`: the work of each turn, inside a realistic turn (see `standInTurn`). */
  work?: StandInStep[];
  /** Steps run when input ends, after the turn in progress. Default `[{ exit: 0 }]`; `[]` lingers. */
  onEnd?: StandInStep[];
  /** Write the pid here on start. */
  pidFile?: string;
  /**
   * Append notes here, one `name <JSON value>` a line: `argv [...]` first, then `received "<type>"`
   * for every input message (`received "control_request:<subtype>"` for control requests), and
   * whatever `note` steps add.
   */
  notesFile?: string;
  /** Also write each workload's report (JSON) to this file. */
  reportFile?: string;
  /** Move itself to this CPU on start (Linux, `taskset`), as a benchmark's pinned trial needs. */
  cpu?: number;
}

/** How the stand-in answers `initialize`. */
export interface StandInInitialize {
  /**
   * - `capture` (default): the answer the real CLI gave in capture 01, with this pid and
   *   `sdk_mcp_manifests_parked` for the manifests received;
   * - `minimal`: `{ claude_code_version, pid }` only;
   * - `none`: never answers, and runs no turn: a CLI stuck starting up (the SDK's timeout is the
   *   subject); `onInitialize` steps still run.
   */
  answer?: 'capture' | 'minimal' | 'none';
  /** Fields merged over the answer. */
  fields?: Record<string, unknown>;
}

/**
 * One thing the stand-in does. Steps run in order; each waits for the one before (a `request`
 * waits for its answer unless `wait: false`).
 */
export type StandInStep =
  /** Write this message as one JSON line. */
  | { send: Record<string, unknown> }
  /** Write an `assistant` message with this text (API-shaped id, model, usage). */
  | { assistant: string }
  /** Write a success `result` with this text; it carries the turn's workload report, if any, in `stand_in_report`. */
  | { result: string }
  /** Write raw output: text (UTF-8) or bytes, optionally in pieces cut at these byte offsets, 1 ms apart. */
  | { write: string | { base64: string; cuts?: number[] } }
  /** Write to stderr: text or base64 bytes. */
  | { stderr: string | { base64: string } }
  /** Write `{"type":"big","data":"xxx…"}` with this many `x`. */
  | { bigLine: number }
  /** Write this many lines `{"type":"line","i":<n>}` as fast as the reader takes them. */
  | { lines: number }
  /** Write `{ type, argv, execArgv, cwd, env }` of this process; `type` is `info` or the string given. */
  | { info: true | string }
  /**
   * Send a control request with this subtype and payload (fields of `request`) and wait for its
   * answer (unless `wait: false`); `id` sets its request id; with `reportAs`, the answer is then
   * written as `{ type: reportAs, answer }`.
   */
  | { request: string; payload?: Record<string, unknown>; id?: string; wait?: boolean; reportAs?: string }
  /** `system`/`session_state_changed` (host-only) with this state. */
  | { sessionState: 'running' | 'requires_action' | 'idle' }
  /** `system`/`init` (capture 01's, with this session's in-process servers and tools): on the first turn, or every turn. */
  | { systemInit: 'first-turn' | 'every-turn' }
  /** The MCP handshake (capture 09) with each in-process server named in `initialize` without a manifest, once. */
  | { mcpHandshake: true }
  /**
   * A benchmark workload: `warmup` + `count` `assistant` messages, as fast as the reader takes them;
   * the report gives the wall time (the reader starts its clock at message `warmup + 1`).
   */
  | { stream: { count: number; warmup?: number } }
  /**
   * A benchmark workload: `warmup` + `count` `tools/call` requests over `mcp_message` (capture 01's
   * shape) to tool `tool` (default `add`) of `server` (default: the first in-process server), with
   * arguments `{ a: i, b: 27 }`, `concurrency` in flight; each answer must be the text `i + 27`. The
   * report gives the round trips of the `count` measured calls, timed here from write to answer.
   */
  | { toolCalls: { count: number; concurrency?: number; warmup?: number; server?: string; tool?: string } }
  /** Wait this many milliseconds. */
  | { sleep: number }
  /** Wait until this file exists (a test's signal). */
  | { waitForFile: string }
  /** Create this (empty) file (a signal to the test). */
  | { touch: string }
  /**
   * Stop reading stdin until this file exists (a test's signal), then read on: what the client
   * writes meanwhile backs up in the pipe, as when the real CLI is too busy to read. The lines
   * read before the pause are handled as usual.
   */
  | { pauseInputUntilFile: string }
  /** Close these pipes, so the SDK's writes fail (EPIPE) or its reads end. */
  | { close: Array<'stdin' | 'stdout'> }
  /** Append `name <JSON value>` to the notes file. */
  | { note: string; value?: unknown }
  /**
   * Start a child that runs until it is killed (`command`, default a node process waiting forever),
   * in a session of its own unless `newSession` is false, as the CLI's Bash tool runs a command;
   * noted as `child <pid>`.
   */
  | { spawn: { command?: string[]; newSession?: boolean } }
  /** From now on the end of input runs nothing: the process stays until it is killed (a CLI waiting on the model). */
  | { ignoreEndOfInput: true }
  /** Exit with this code. */
  | { exit: number }
  /** Kill itself with this signal. */
  | { kill: NodeJS.Signals }
  /** Never finish: the process stays until it is killed. */
  | { hang: true }
  /**
   * The escape hatch, for what no step does: the body of an async function `(cli, message)` run in
   * the stand-in, `message` being the input message that started the steps (the user message of a
   * turn, the `initialize` request), `cli` a {@link StandInCodeApi}.
   */
  | { code: string };

/** What a `code` step's body can use (its `cli` argument). */
export interface StandInCodeApi {
  /** Write one message as a JSON line. */
  send(message: Record<string, unknown>): void;
  /** Send a control request and resolve with the SDK's `response` (`{ subtype, request_id, ... }`). */
  request(subtype: string, payload?: Record<string, unknown>, id?: string): Promise<Record<string, unknown>>;
  /** Run steps, as the scenario would. */
  run(steps: StandInStep[], message?: Record<string, unknown>): Promise<void>;
  /** The scenario being played. */
  readonly scenario: StandInScenario;
  /** The in-process servers named in `initialize` (`sdkMcpServers`), once it arrived. */
  readonly sdkMcpServers: readonly string[];
}

/** Round-trip statistics, in microseconds. */
export interface LatencyStats {
  count: number;
  median: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** What a workload step reports: measured on the stand-in's side, so the numbers compare across clients. */
export interface StandInReport {
  mode: 'stream' | 'tools';
  /** Messages streamed, or measured tool calls. */
  count: number;
  concurrency: number;
  warmup: number;
  /** Wall time of the measured part, in ms: first write to last matching answer read (tools), or to the last message written (stream). */
  wallMs: number;
  /** Round trips of the measured tool calls: the `control_request` written -> its `control_response` read. */
  roundTripUs?: LatencyStats;
  /** Answers that were not the expected `mcp_response` (wrong id, error, wrong text). */
  errors: number;
  /** Whether the client sent manifests in `initialize` (otherwise the stand-in ran the MCP handshake). */
  manifests: boolean;
}
