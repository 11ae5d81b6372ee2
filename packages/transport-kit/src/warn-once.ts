const warned = new Set<string>();

/**
 * A process warning (`process.emitWarning`, as the official SDK warns), once per process and
 * `code`: where hexagent would be stricter than the official SDK it says so and goes on, instead
 * of refusing a program that runs there. Listen with `process.on('warning')`; Node prints it to
 * stderr unless warnings are turned off.
 */
export function warnOnce(code: string, message: string): void {
  if (warned.has(code)) return;
  warned.add(code);
  process.emitWarning(message, { code });
}

/** Forgets which warnings were given, so a test sees each again. */
export function resetWarnings(): void {
  warned.clear();
}
