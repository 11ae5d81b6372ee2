import { warnOnce } from '@hexagent/transport-kit';

/** The process warning's code for a CLI stdout line that is not a JSON object. */
export const SKIPPED_LINE_WARNING = 'HEXAGENT_CLI_STDOUT_NOT_JSON';

/** How much of a skipped line a note quotes. */
const EXCERPT_CHARS = 200;

/**
 * Notes a line of the CLI's stdout that was skipped because it is not a JSON object (a stray
 * `console.log` of a plugin or hook, a runtime's banner): once per process as a warning, and every
 * line on stderr when `DEBUG_CLAUDE_AGENT_SDK` is on (where the official SDK logs
 * `Non-JSON stdout: <line>` to its debug file). The session goes on, as on the official SDK.
 */
export function noteSkippedLine(line: string, env: Readonly<Record<string, string | undefined>> = process.env): void {
  const excerpt = line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line;
  warnOnce(
    SKIPPED_LINE_WARNING,
    `Claude Code wrote a line to stdout that is not a JSON object; skipped (later ones are skipped silently): ${excerpt}`,
  );
  const debug = env['DEBUG_CLAUDE_AGENT_SDK']?.toLowerCase().trim();
  if (debug !== undefined && ['1', 'true', 'yes', 'on'].includes(debug)) {
    process.stderr.write(`[hexagent] Non-JSON stdout: ${excerpt}\n`);
  }
}
