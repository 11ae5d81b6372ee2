const warned = new Set<string>();

/**
 * A process warning (`process.emitWarning`, as the official SDK warns), once per process and
 * `code` (or per `code` and `subject`, for a warning about one of several things, such as one
 * unknown option among others): where hexagent would be stricter than the official SDK it says so
 * and goes on, instead of refusing a program that runs there. Listen with `process.on('warning')`;
 * Node prints it to stderr unless warnings are turned off.
 */
export function warnOnce(code: string, message: string, subject?: string): void {
  const key = subject === undefined ? code : `${code}\u0000${subject}`;
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(message, { code });
}

/** Forgets which warnings were given, so a test sees each again. */
export function resetWarnings(): void {
  warned.clear();
}
