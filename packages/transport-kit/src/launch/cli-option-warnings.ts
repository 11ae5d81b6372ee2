import { type McpServerWarning, mcpServerWarnings, type Options, unknownOptionKeys } from '@hexagent/core';
import { warnOnce } from '../warn-once.js';

/** Code of the warning for `bypassPermissions` without `allowDangerouslySkipPermissions`. */
export const BYPASS_WARNING_CODE = 'HEXAGENT_BYPASS_PERMISSIONS';

/** Code of the warning for an option key that neither the official SDK nor hexagent knows. */
export const UNKNOWN_OPTION_WARNING_CODE = 'HEXAGENT_UNKNOWN_OPTION';

/**
 * What to say about the option keys neither SDK knows (core's `unknownOptionKeys`), one line each:
 * for the launch's warning and `hexagent doctor`.
 */
export function unknownOptionMessages(options: object): Array<{ key: string; message: string }> {
  return unknownOptionKeys(options).map(({ key, suggestion }) => ({
    key,
    message:
      `Option ${JSON.stringify(key)} is ignored: neither the official SDK's Options type nor hexagent's has it.` +
      (suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`),
  }));
}

/**
 * Warns (once per process) about options hexagent passes on although they deserve a second look:
 * `permissionMode: 'bypassPermissions'` without `allowDangerouslySkipPermissions: true`, which the
 * official SDK passes on too (the CLI decides: it runs every tool without asking, and refuses the
 * mode as root outside a sandbox); and what core's `mcpServerWarnings` finds in the MCP options (a
 * `type: 'sdk'` server without an instance, an in-process server inside an agent's `mcpServers`);
 * and each option key that neither SDK knows (`maxTurn: 3`), which both ignore, once per key.
 * `mcpWarnings` are the MCP warnings when the session's MCP plan has them already (`planMcpServers`).
 */
export function warnAboutCliOptions(
  options: Options,
  mcpWarnings: readonly McpServerWarning[] = mcpServerWarnings(options),
): void {
  if (options.permissionMode === 'bypassPermissions' && options.allowDangerouslySkipPermissions !== true) {
    warnOnce(
      BYPASS_WARNING_CODE,
      "permissionMode 'bypassPermissions' runs every tool without asking. It was passed on to the CLI, as the " +
        'official SDK passes it; set allowDangerouslySkipPermissions: true to say it is meant.',
    );
  }
  for (const warning of mcpWarnings) warnOnce(warning.code, warning.message);
  for (const { key, message } of unknownOptionMessages(options)) warnOnce(UNKNOWN_OPTION_WARNING_CODE, message, key);
}
