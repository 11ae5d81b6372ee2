/**
 * Whether `toolName`, as the model calls it, is a tool of one of the in-process servers named in
 * `serverNames`: `mcp__<server>__<tool>`, the server's name as Claude Code puts it in tool names
 * (characters other than letters, digits, `_` and `-` become `_`).
 */
export function isInProcessToolName(toolName: string, serverNames: Iterable<string>): boolean {
  if (!toolName.startsWith('mcp__')) return false;
  for (const name of serverNames) {
    if (toolName.startsWith(`mcp__${name.replace(/[^A-Za-z0-9_-]/g, '_')}__`)) return true;
  }
  return false;
}
