import { mcpServerWarnings, type Options } from '@hexagent/core';
import { warnOnce } from '../warn-once.js';

/** Code of the warning for `bypassPermissions` without `allowDangerouslySkipPermissions`. */
export const BYPASS_WARNING_CODE = 'HEXAGENT_BYPASS_PERMISSIONS';

/**
 * Warns (once per process) about options hexagent passes on although they deserve a second look:
 * `permissionMode: 'bypassPermissions'` without `allowDangerouslySkipPermissions: true`, which the
 * official SDK passes on too (the CLI decides: it runs every tool without asking, and refuses the
 * mode as root outside a sandbox); and what core's `mcpServerWarnings` finds in the MCP options (a
 * `type: 'sdk'` server without an instance, an in-process server inside an agent's `mcpServers`).
 */
export function warnAboutCliOptions(options: Options): void {
  if (options.permissionMode === 'bypassPermissions' && options.allowDangerouslySkipPermissions !== true) {
    warnOnce(
      BYPASS_WARNING_CODE,
      "permissionMode 'bypassPermissions' runs every tool without asking. It was passed on to the CLI, as the " +
        'official SDK passes it; set allowDangerouslySkipPermissions: true to say it is meant.',
    );
  }
  for (const warning of mcpServerWarnings(options)) warnOnce(warning.code, warning.message);
}
