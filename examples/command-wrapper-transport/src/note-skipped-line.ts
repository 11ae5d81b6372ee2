import { warnOnce } from '@hexagent/transport-kit';

/** The process warning's code for a line from the far side that is not a JSON object. */
export const SKIPPED_LINE_WARNING = 'HEXAGENT_WRAPPER_STDOUT_NOT_JSON';

/**
 * The `skipped` handler of the transport's `NdjsonReader`: a line on the wrapper's stdout that is
 * not a JSON object (a login banner, a shell startup file's `echo`, a stray `console.log` of a
 * hook) is skipped and the session goes on, as the CLI transport does; said once per process, as a
 * warning, with the start of the line.
 */
export function noteSkippedLine(line: string): void {
  const excerpt = line.length > 200 ? `${line.slice(0, 200)}…` : line;
  warnOnce(
    SKIPPED_LINE_WARNING,
    `The far side wrote a line to stdout that is not a JSON object; skipped (later ones silently): ${excerpt}`,
  );
}
