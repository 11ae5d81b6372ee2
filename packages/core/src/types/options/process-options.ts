import type { SpawnedProcessLike, SpawnOptions } from './spawn-options.js';

/** Options about the CLI process itself: what runs, where, with which environment. */
export interface ProcessOptions {
  /**
   * Aborting it ends the query: the CLI's input is closed, the process stopped (SIGTERM, then
   * SIGKILL, after a grace period each) and the message iterator throws `AbortError`. One
   * controller may be shared by many queries.
   */
  abortController?: AbortController;
  /**
   * The working directory of the CLI (`cwd` of the spawn; no flag). When omitted the CLI runs in
   * this process's working directory.
   */
  cwd?: string;
  /**
   * The whole environment of the CLI process. When given it replaces the inherited environment: it
   * is copied, not merged with `process.env`, so spread `process.env` yourself to keep `PATH`,
   * `HOME` or `ANTHROPIC_API_KEY`. When omitted the CLI gets a copy of `process.env`. A key set to
   * `undefined` is left out.
   *
   * hexagent then adjusts the copy as the official SDK does: `CLAUDE_CODE_ENTRYPOINT=sdk-ts` (so
   * the CLI behaves as for SDK clients) and `CLAUDE_CODE_SDK_READS_SESSION_STATE=1` unless present,
   * `NODE_OPTIONS` removed, `DEBUG` removed (or `DEBUG=1` when `DEBUG_CLAUDE_AGENT_SDK` is set), and
   * the variables some options need (`enableFileCheckpointing`, `toolConfig`). It does not set
   * `CLAUDE_AGENT_SDK_VERSION`, the official SDK's version, since it is not that SDK; it identifies
   * itself with `CLAUDE_AGENT_SDK_CLIENT_APP=hexagent/<version>` unless you set that variable (the
   * CLI adds it to its User-Agent, `client-app/...`). The environment is never logged.
   *
   * @example
   * ```ts
   * env: { ...process.env, CLAUDE_AGENT_SDK_CLIENT_APP: 'my-app/1.0.0' }
   * ```
   */
  env?: {
    [envVar: string]: string | undefined;
  };
  /**
   * The JavaScript runtime for a script build of the CLI (`pathToClaudeCodeExecutable` ending in
   * `.js`, `.mjs`, `.cjs`, `.ts`, `.tsx` or `.jsx`), looked up on the `PATH`; by default the runtime
   * running this code. Ignored for a native executable.
   */
  executable?: 'bun' | 'deno' | 'node';
  /**
   * Arguments placed before everything else: the runtime's arguments before the script for a script
   * build, and, for a native executable, arguments to the executable itself (before the CLI's flags).
   */
  executableArgs?: string[];
  /**
   * Extra CLI flags, by name without the leading `--`: `null` gives `--flag`; a value gives the two
   * arguments `--flag value`, or `--flag=value` when the value starts with `-` (so it cannot be read
   * as a flag). They come last on the command line; `settings` and `sandbox` join them as `--settings`.
   */
  extraArgs?: Record<string, string | null>;
  /**
   * The Claude Code executable: a native binary, or a script build run with `executable`. When
   * omitted, hexagent looks for an installed `@anthropic-ai/claude-code`, then `claude` on the `PATH`,
   * then the native installer's locations.
   */
  pathToClaudeCodeExecutable?: string;
  /**
   * Called with the CLI's stderr, one line at a time (the default spawn only: a process from
   * `spawnClaudeCodeProcess` is read for stderr only when it has a `stderr` stream). A callback that
   * throws is ignored. The last lines are also kept for `ProcessError.stderrTail`.
   */
  stderr?: (data: string) => void;
  /** Run the CLI with `--debug` (verbose logs, to `debugFile` or stderr). Ignored with `debugFile`. */
  debug?: boolean;
  /** Write the CLI's debug log to this file (`--debug-file=<path>`); implies `debug`. */
  debugFile?: string;
  /**
   * Start the CLI yourself: in a container, a VM, over SSH. Called once, synchronously, with what
   * to run ({@link SpawnOptions}); return the process (a `ChildProcess` qualifies). hexagent then
   * frames, supervises and stops it exactly as its own (closing stdin, then `kill('SIGTERM')` and
   * `kill('SIGKILL')`), but does not check that `command` or `cwd` exist on this machine.
   *
   * @example
   * ```ts
   * // In a VM or container, map `command`, `cwd` and `env` onto its own exec API instead.
   * spawnClaudeCodeProcess: ({ command, args, cwd, env, signal }) =>
   *   spawn(command, args, { cwd, env, signal, stdio: 'pipe' }),
   * ```
   */
  spawnClaudeCodeProcess?: (options: SpawnOptions) => SpawnedProcessLike;
}
