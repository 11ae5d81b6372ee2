/** A server's name as Claude Code puts it in tool names: characters other than letters, digits, `_` and `-` become `_`. */
function toolNamePart(serverName: string): string {
  return serverName.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The name the model and Claude Code give tool `tool` of in-process server `server`: `mcp__<server>__<tool>`. */
export function inProcessToolName(server: string, tool: string): string {
  return `mcp__${toolNamePart(server)}__${tool}`;
}

/**
 * The in-process server (as named in `serverNames`) and tool that `toolName`, as the model calls it,
 * names: `mcp__<server>__<tool>`, the server's name as Claude Code puts it in tool names
 * (characters other than letters, digits, `_` and `-` become `_`). `undefined` for any other tool.
 */
export function inProcessToolOf(
  toolName: string,
  serverNames: Iterable<string>,
): { server: string; tool: string } | undefined {
  if (!toolName.startsWith('mcp__')) return undefined;
  for (const name of serverNames) {
    const prefix = `mcp__${toolNamePart(name)}__`;
    if (toolName.startsWith(prefix)) return { server: name, tool: toolName.slice(prefix.length) };
  }
  return undefined;
}
