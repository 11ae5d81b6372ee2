/** The variable every process of one far-side run carries, so the watchdog finds them all. */
export const FAR_SIDE_RUN_MARKER = 'HEXAGENT_FAR_SIDE_RUN';

/**
 * A POSIX `sh` script that runs a command (the CLI) on the far side of a link and stops everything
 * it started when the link drops: `sh -c FAR_SIDE_WATCHDOG <name> <NAME=value> <cli> <args...>`
 * ({@link farSideWatchdog} builds that argv).
 *
 * The CLI runs as a child, with the script's input (the link's) and the variable `NAME=value`,
 * which its descendants inherit, even those in sessions of their own (the CLI's Bash tool starts
 * each command in one), which no signal to a group reaches. The script ends with the CLI's exit
 * status. It kills every process carrying the marker (found through `/proc`, on Linux) and the CLI
 * when the CLI exits (what it left behind), when it gets SIGTERM, SIGHUP or SIGINT, or when the
 * process that started it is gone: sshd's session process, which exits when the connection drops
 * or goes silent past `ClientAliveInterval`, while a command without a terminal gets no signal
 * from sshd (it would run on, waiting on a model, with nobody reading it).
 */
export const FAR_SIDE_WATCHDOG = `marker=$1; shift
stop() {
  kill -9 "$cli" 2>/dev/null
  for round in 1 2 3; do
    pids=$(grep -lzxF -- "$marker" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3)
    [ -z "$pids" ] && break
    kill -9 $pids 2>/dev/null
  done
}
trap 'stop; exit 143' TERM HUP INT
# A background command's input would be /dev/null: hand it the script's own, kept as fd 3.
exec 3<&0
env "$marker" "$@" <&3 3<&- &
exec 3<&-
cli=$!
(
  while kill -0 "$cli" 2>/dev/null; do
    kill -0 "$PPID" 2>/dev/null || { stop; exit; }
    sleep 1
  done
) </dev/null >/dev/null 2>&1 &
monitor=$!
wait "$cli"
status=$?
# What the CLI left behind (a dropped link may end the CLI first: its output has nowhere to go).
stop
kill "$monitor" 2>/dev/null
exit "$status"`;

/**
 * The argv that runs `command` (the CLI and its arguments) under {@link FAR_SIDE_WATCHDOG} on the
 * far side, its processes marked `HEXAGENT_FAR_SIDE_RUN=<runId>`. Run it through the link (ssh,
 * `docker exec`) in place of the CLI itself.
 *
 * @param runId this run's id (letters, digits, `-`): unique per session, so one run's cleanup never
 *   touches another's.
 * @throws TypeError for a `runId` with other characters.
 * @example
 * ```ts
 * spawn('ssh', ['-T', 'box', shellQuote(farSideWatchdog(randomUUID(), ['claude', ...launch.args]))]);
 * ```
 */
export function farSideWatchdog(runId: string, command: readonly string[]): string[] {
  if (!/^[A-Za-z0-9-]+$/.test(runId)) throw new TypeError(`farSideWatchdog: invalid run id ${JSON.stringify(runId)}`);
  return ['sh', '-c', FAR_SIDE_WATCHDOG, 'hexagent-watchdog', `${FAR_SIDE_RUN_MARKER}=${runId}`, ...command];
}
