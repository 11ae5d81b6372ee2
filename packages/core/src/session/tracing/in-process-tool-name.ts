/** A server's name as Claude Code puts it in tool names: characters other than letters, digits, `_` and `-` become `_`. */
function toolNamePart(serverName: string): string {
  return serverName.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The name the model and Claude Code give tool `tool` of in-process server `server`: `mcp__<server>__<tool>`. */
export function inProcessToolName(server: string, tool: string): string {
  return `mcp__${toolNamePart(server)}__${tool}`;
}

/**
 * Whether `toolName`, as the model calls it, is a tool of one of the in-process servers named in
 * `serverNames`: `mcp__<server>__<tool>`, the server's name as Claude Code puts it in tool names
 * (characters other than letters, digits, `_` and `-` become `_`).
 */
export function isInProcessToolName(toolName: string, serverNames: Iterable<string>): boolean {
  if (!toolName.startsWith('mcp__')) return false;
  for (const name of serverNames) {
    if (toolName.startsWith(`mcp__${toolNamePart(name)}__`)) return true;
  }
  return false;
}
