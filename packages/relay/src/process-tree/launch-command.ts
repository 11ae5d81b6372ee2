import type { CliCommand } from '@hexagent/transport-cli';

/** The line the launcher writes just before it becomes the CLI: everything after it is the CLI's. */
export const LAUNCHED_LINE = 'hexagent-relay: launched';

/** Exit codes of a launcher that did not start the CLI (meaningful only before {@link LAUNCHED_LINE}). */
export const LAUNCH_FAILED = { cgroup: 121, cwd: 122, notFound: 123 } as const;

/**
 * The launcher (POSIX sh): closes descriptors 3 to 9 (the most a POSIX shell can name; the bin
 * closes every descriptor it inherited at start), joins the CLI's cgroup (when `$1` names its `cgroup.procs`), so that
 * everything the CLI ever starts is in it from the first fork; checks that the directory it was
 * started in is, symlinks resolved, the one the relay checked (`$2`), so a directory swapped for a
 * symlink between the check and the spawn runs nothing; then writes {@link LAUNCHED_LINE} and
 * becomes the CLI (`exec`, same pid).
 */
const SCRIPT = `
exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
if [ -n "$1" ]; then printf '%s\\n' "$$" > "$1" || exit ${LAUNCH_FAILED.cgroup}; fi
[ "$(pwd -P)" = "$2" ] || exit ${LAUNCH_FAILED.cwd}
command -v -- "$3" > /dev/null 2>&1 || exit ${LAUNCH_FAILED.notFound}
shift 2
printf '%s\\n' '${LAUNCHED_LINE}'
exec "$@"
`;

/** `command` run through the launcher, in the cgroup of `joinFile` (if any), from the directory `cwd` only. */
export function launchCommand(command: CliCommand, joinFile: string | undefined, cwd: string): CliCommand {
  return {
    file: '/bin/sh',
    args: ['-c', SCRIPT, 'hexagent-relay-launch', joinFile ?? '', cwd, command.file, ...command.args],
  };
}
