import type { SessionTracer } from '../../ports/session-tracer.js';
import type { TransportFactory } from '../../ports/transport.js';

/** Options hexagent adds to the official ones: bounds on what the CLI sends and on callbacks, tracing, and how the CLI is reached. */
export interface HexagentOptions {
  /** The largest line accepted from the CLI, in bytes (default 64 MiB); a longer one is a fault. */
  maxMessageBytes?: number;
  /**
   * How long control requests sent to the CLI may wait for an answer, in ms (default 60 s). It also
   * bounds the first `initialize`, whose answer waits for the CLI to start: without this option that
   * one waits up to 10 min (a CLI starting on a saturated machine can take minutes; the official
   * `query()` waits without a bound), or until the CLI exits.
   */
  controlRequestTimeoutMs?: number;
  /** How long a `canUseTool` callback may take before the call is denied, in ms (default 10 min). */
  permissionTimeoutMs?: number;
  /**
   * How long a hook callback may take, in ms (default 10 min). It is sent to the CLI as the
   * `timeout` of every hook matcher that sets none, and the CLI enforces it: it withdraws the request
   * (the callback's `signal` aborts) and, for `PreToolUse`, does not run the tool. A matcher's own
   * `timeout` (in seconds) wins over this.
   */
  hookTimeoutMs?: number;
  /**
   * Where hexagent's own spans go (query, turns, tool calls, hook and permission callbacks, control
   * requests), when asked for: a `SessionTracer` (`createOpenTelemetryTracer(api)`), or `true` for
   * the globally registered OpenTelemetry tracer provider (as does the environment variable
   * `HEXAGENT_TRACING=1` when this option is left out). Otherwise the facade's container `TRACER`,
   * when one is registered; else none, as the official SDK sends none: a program that registered a
   * provider for an instrumentation of the SDK gets that instrumentation's spans alone. `false`
   * turns them off even with a `TRACER`. The trace context reaches the CLI (`TRACEPARENT`) either way.
   */
  tracer?: SessionTracer | boolean;
  /**
   * How the CLI is reached: the factory the session calls for its `Transport`, in place of the
   * container's `TRANSPORT_FACTORY` (default: the CLI as a subprocess of this process).
   * `webSocketTransport({ url, token })` from `@hexagent/transport-websocket` runs the CLI behind a
   * relay on another host, while in-process tools, hooks and `canUseTool` stay here.
   *
   * A factory, not a transport, because one option bag may need several: a session calls it once
   * when it is created (`query()`, `startup()`, `prewarm()`, `ClaudeClient`), and an agent pool
   * calls it for every CLI it starts. It gets the session's `TransportLaunch` (the CLI's argv,
   * environment and working directory, built once from the checked options), not the options: a
   * transport never rebuilds the command line. A `Transport` instance is refused with
   * `InvalidOptionError` (wrap it, `() => transport`, to use it once); so is `transport` with
   * `spawnClaudeCodeProcess`, which only the default transport runs. The options that choose the
   * local process (`pathToClaudeCodeExecutable`, `executable`, `executableArgs`) reach the factory
   * as `launch.localProcess`, and it decides what they mean (the WebSocket transport refuses them:
   * the relay's operator picks the CLI).
   * A live object: a queued run (`@hexagent/queue`) cannot carry it; set it on the worker.
   *
   * @example
   * ```ts
   * import { webSocketTransport } from '@hexagent/transport-websocket';
   *
   * const options: Options = { transport: webSocketTransport({ url: 'wss://build-box:7878', token }) };
   * ```
   */
  transport?: TransportFactory;
  /**
   * Let the CLI retry a rejected API key as it does by default (ten attempts with backoff, about
   * three minutes, each reported as an `api_retry` message, then a failed `result`), as the official
   * SDK does. By default (`false`), when the API rejects (HTTP 401) an `ANTHROPIC_API_KEY` or
   * `ANTHROPIC_AUTH_TOKEN` that the CLI cannot renew, the query stops at the CLI's first retry and
   * throws `CredentialsRejectedError` naming the variable. A login the CLI renews (a stored Claude
   * login, `CLAUDE_CODE_OAUTH_TOKEN`, an `apiKeyHelper`) is always left to the CLI.
   */
  retryRejectedCredentials?: boolean;
}
