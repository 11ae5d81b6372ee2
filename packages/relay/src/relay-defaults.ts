/**
 * The flags a client may pass by default: what `buildCliArgs` writes for the everyday options. Left
 * out on purpose: flags that point the CLI at the relay host's files, start commands or widen what
 * it may do there (`--add-dir`, `--debug-file`, `--mcp-config`, `--settings`, `--managed-settings`,
 * `--plugin-dir`, `--project-config-root`, `--allow-dangerously-skip-permissions`,
 * `--dangerously-skip-permissions`); an operator who wants them lists them.
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
  // `sessionStore`: the CLI reports each transcript write to the client (what a token holder can read anyway).
  'session-mirror',
  'json-schema',
];

/**
 * The values allowed by default for the flags whose value can widen what the CLI may do: no
 * permission mode that runs tools without asking the client (`acceptEdits`, `auto`,
 * `bypassPermissions`), and no setting source in the working directory, which a client can write
 * (`project`, `local`): only the relay user's own settings, or none. The sources of
 * `--setting-sources` are checked one by one.
 */
export const DEFAULT_ALLOWED_FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  'permission-mode': ['default', 'manual', 'plan', 'dontAsk'],
  'setting-sources': ['', 'user'],
};

/**
 * Flags the relay adds when a client's command line lacks them. Without `--setting-sources` the CLI
 * loads the user, project and local settings, so by default the relay adds `--setting-sources=user`.
 */
export const DEFAULT_FLAG_DEFAULTS: Readonly<Record<string, string>> = {
  'setting-sources': 'user',
};

/** The variables a client may set by default: the ones `buildCliEnv` adds for the SDK's own options. */
export const DEFAULT_ALLOWED_ENV: readonly string[] = [
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_AGENT_SDK_CLIENT_APP',
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
  'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
  'CLAUDE_CODE_QUESTION_PREVIEW_FORMAT',
];

/**
 * The variables of the relay's own environment its CLIs get by default (a name ending in `*` is a
 * prefix): what a process needs to run (`PATH`, `HOME`, the locale, ...) and what the CLI reads for
 * its model credentials and configuration (`ANTHROPIC_*`, `CLAUDE_CODE_*`, `CLAUDE_CONFIG_DIR`).
 * Nothing else passes unless the operator names it; the relay's own variables
 * (`HEXAGENT_RELAY_*`) and anything holding the token never do.
 */
export const DEFAULT_INHERITED_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TZ',
  'TMPDIR',
  'TERM',
  'ANTHROPIC_*',
  'CLAUDE_CODE_*',
  'CLAUDE_CONFIG_DIR',
];
