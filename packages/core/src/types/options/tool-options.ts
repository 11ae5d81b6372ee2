import type { McpServerConfig } from '../mcp/mcp-server-config.js';
import type { McpServersDelivery } from '../mcp/mcp-servers-delivery.js';
import type { SdkPluginConfig, ToolConfig } from '../tool-config.js';

/** Options about the tools the model has: built-in tools, MCP servers, skills and plugins. */
export interface ToolOptions {
  /**
   * The built-in tools available at all (`--tools=<a,b>`): a list of names, `[]` for none
   * (`--tools=`), or `{ type: 'preset', preset: 'claude_code' }` for the default set
   * (`--tools=default`). The CLI's default set when omitted.
   */
  tools?:
    | string[]
    | {
        type: 'preset';
        preset: 'claude_code';
      };
  /**
   * Tools (or rules such as `Bash(ls:*)`) allowed without asking (`--allowedTools=<a,b>`). To limit
   * which tools exist, use `tools`. For skills use `skills` rather than `'Skill'` here.
   */
  allowedTools?: string[];
  /** Tools (or rules) the model may not use at all (`--disallowedTools=<a,b>`). */
  disallowedTools?: string[];
  /**
   * Tool names redirected before lookup (`toolAliases` in `initialize`): a `tool_use` of a key runs
   * the tool named by its value, one hop only. It does not block direct use of the original tool:
   * combine it with `disallowedTools` for that.
   *
   * @example
   * ```ts
   * toolAliases: { Bash: 'mcp__workspace__bash' }
   * ```
   */
  toolAliases?: Record<string, string>;
  /**
   * Settings of built-in tools, passed as environment variables: `askUserQuestion.previewFormat`
   * sets `CLAUDE_CODE_QUESTION_PREVIEW_FORMAT`.
   */
  toolConfig?: ToolConfig;
  /**
   * The skills of the main session. `'all'` adds `Skill` to `allowedTools`; a list adds
   * `Skill(<name>)` for each name (a skill's directory name, or `plugin:skill`) and is sent as
   * `skills` in `initialize`, so unlisted skills are hidden from the model. When omitted the CLI's
   * defaults apply (which is not "no skills"). A filter, not a sandbox: skill files stay readable.
   */
  skills?: string[] | 'all';
  /**
   * MCP servers by name. In-process servers (`createSdkMcpServer`) run in this process: only their
   * names and tool lists go to the CLI, in `initialize`. Servers the CLI runs or connects to (stdio,
   * SSE, HTTP) travel as `mcpServersDelivery` says.
   */
  mcpServers?: Record<string, McpServerConfig>;
  /**
   * How the MCP servers the CLI runs or connects to (stdio, SSE, HTTP) reach it:
   * - `'initialize'` (hexagent's default): inside the `initialize` request, over stdin, with
   *   `--await-initialize`, so their `env` and `headers` never appear on the command line. The
   *   prompt waits for the CLI to confirm it loaded them (`mcp_servers_applied: true`); otherwise the
   *   session ends with `McpServersNotAppliedError` before any prompt is sent.
   * - `'argv'` (the official SDK's default): one `--mcp-config <json>`, which every user of the
   *   machine can read (`ps`). Only for a CLI too old to read them from `initialize`.
   *
   * @default 'initialize'
   */
  mcpServersDelivery?: McpServersDelivery;
  /**
   * Use only the MCP servers of `mcpServers` (and those of the `agents` given), ignoring `.mcp.json`,
   * user settings, plugins and agent files (`--strict-mcp-config`).
   */
  strictMcpConfig?: boolean;
  /**
   * Local plugins to load: commands, agents, skills, hooks and MCP servers
   * (`--plugin-dir=<path>` each, or `--plugin-dir-no-mcp=<path>` with `skipMcpDiscovery`).
   */
  plugins?: SdkPluginConfig[];
  /**
   * How `plugins` reach the CLI: `'argv'` (the default, one flag per plugin) or `'initialize'`
   * (`plugins` in the `initialize` request, with `--await-initialize`, so the command line does not
   * grow with the plugin count; Claude Code 2.1.261 or newer).
   */
  pluginDelivery?: 'argv' | 'initialize';
}
