import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.McpServersNotAppliedError');

/**
 * The CLI did not confirm that it loaded the external MCP servers sent in the `initialize` request
 * (`mcpServersDelivery: 'initialize'`): its answer had no `mcp_servers_applied: true`. The session
 * is ended before any prompt is sent, so no turn runs without the servers the caller configured.
 */
export class McpServersNotAppliedError extends HexagentError {
  readonly code = 'MCP_SERVERS_NOT_APPLIED' as const;
  /** The external servers that were sent. */
  readonly serverNames: readonly string[];
  /**
   * What the CLI answered: `false` when it declined them (for instance, a wrapper dropped
   * `--await-initialize`), `undefined` when it said nothing (a CLI too old to read them).
   */
  readonly applied: boolean | undefined;
  /** The CLI's `claude_code_version`, when it reported one. */
  readonly cliVersion: string | undefined;
  private readonly [MARKER] = true;

  constructor(options: {
    serverNames: readonly string[];
    applied: boolean | undefined;
    cliVersion?: string | undefined;
  }) {
    const version = options.cliVersion === undefined ? '' : ` ${options.cliVersion}`;
    const names = options.serverNames.join(', ');
    const why =
      options.applied === false
        ? `Claude Code${version} answered mcp_servers_applied: false: it did not load the MCP servers sent in the initialize request (${names}), for instance because a wrapper removed --await-initialize from its command line.`
        : `Claude Code${version} did not confirm that it loaded the MCP servers sent in the initialize request (${names}): its answer has no mcp_servers_applied, so it is probably too old to read them.`;
    super({
      message:
        `${why} The session was ended before any prompt was sent. Update Claude Code, or set ` +
        "mcpServersDelivery: 'argv', which puts the servers' configs (env and headers included) on the " +
        'command line, where other users of the machine can read them.',
    });
    this.serverNames = options.serverNames;
    this.applied = options.applied;
    this.cliVersion = options.cliVersion;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is McpServersNotAppliedError {
    return hasMarker(error, MARKER);
  }
}
