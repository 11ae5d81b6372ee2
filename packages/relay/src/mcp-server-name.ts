/**
 * The names Claude Code refuses for an MCP server besides those of other characters: the ones a
 * JavaScript object would read as its prototype's (2.1.332: "server names may only contain
 * letters, numbers, hyphens and underscores, and may not be constructor, prototype, __proto__,
 * __defineGetter__, __defineSetter__, __lookupGetter__ or __lookupSetter__").
 */
const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/** The characters of a server name the CLI takes; it sets no length limit. */
const NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Why the CLI would refuse `name` for an MCP server (its characters, or a reserved name), as a
 * message; `undefined` for a name it takes. The relay refuses such a name itself rather than
 * leaving it to the CLI, so no name can change how the relay reads a request (`__proto__`).
 */
export function mcpServerNameRefusal(name: string): string | undefined {
  if (!NAME.test(name)) {
    return `MCP server name ${JSON.stringify(name)} is not allowed: only letters, digits, '-' and '_'`;
  }
  if (RESERVED_NAMES.has(name)) return `MCP server name ${JSON.stringify(name)} is reserved`;
  return undefined;
}
