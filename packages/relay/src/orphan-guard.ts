import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The guard's script (POSIX sh). It keeps the set of live CLI process groups from its input
 * (`+<pgid>` when one starts, `-<pgid>` when it is gone); when its input ends, the relay is gone
 * (a clean close, or a SIGKILL nobody could handle). Then, if any CLI is still listed: SIGTERM to
 * every group still listed, `grace` seconds, SIGKILL to them; then the processes that left the
 * groups: all of the relay's cgroup (`$3`, when it tracks by cgroup) at once, and every process
 * whose environment holds the relay's marker (`$2`), three rounds. Last, the relay's runtime
 * directory (`$4`: the resumed sessions' config directories, with their copies of the CLI's
 * credentials and the clients' transcripts) and its cgroup are removed.
 */
const SCRIPT = `
groups=" "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) groups=$(printf '%s' "$groups" | sed "s/ \${line#-} / /") ;;
  esac
done
if [ "$groups" != " " ]; then
  for g in $groups; do kill -TERM "-$g" 2>/dev/null; done
  sleep "$1"
  for g in $groups; do kill -KILL "-$g" 2>/dev/null; done
  if [ -n "$3" ] && [ -e "$3/cgroup.kill" ]; then echo 1 > "$3/cgroup.kill"; fi
  if [ -n "$2" ]; then
    for round in 1 2 3; do
      for f in $(grep -laz -- "^$2" /proc/[0-9]*/environ 2>/dev/null); do
        p=\${f#/proc/}
        p=\${p%/environ}
        [ "$p" = "$$" ] || kill -KILL "$p" 2>/dev/null
      done
    done
  fi
fi
if [ -n "$4" ]; then rm -rf -- "$4"; fi
if [ -n "$3" ] && [ -d "$3" ]; then
  i=0
  while grep -q 'populated 1' "$3/cgroup.events" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
  for c in "$3"/*/; do [ -d "$c" ] && rmdir "$c" 2>/dev/null; done
  rmdir "$3" 2>/dev/null
fi
exit 0
`;

/** What an {@link OrphanGuard} kills besides the listed process groups. */
export interface OrphanGuardOptions {
  /** Seconds between SIGTERM and SIGKILL; default 2. */
  graceSeconds?: number;
  /** The relay's marker prefix (`HEXAGENT_PROCESS_TREE=<id>.`): processes whose environment holds it are killed. */
  markerPrefix?: string;
  /** The relay's cgroup (cgroup tracking): everything in it is killed, then it is removed. */
  cgroupDir?: string;
  /** The relay's runtime directory: removed once the CLIs are killed. */
  runtimeDir?: string;
}

/**
 * Makes sure no CLI outlives the relay, however the relay ends. The relay stops its CLIs itself on
 * SIGINT/SIGTERM and on `close()`; a SIGKILL (or a crash in native code) leaves them to notice
 * their stdin ending, which the real CLI does only between steps (a CLI waiting on a long model call
 * would run on). Node.js cannot ask the kernel to signal children when their parent dies
 * (`PR_SET_PDEATHSIG`), so the guard is a small `sh` process in its own session holding a pipe from
 * the relay: when the relay dies the pipe ends and the guard kills the process groups still listed,
 * then what left them (the relay's cgroup, and the processes carrying its marker), and removes the
 * relay's runtime directory. A guard killed together with the relay (SIGKILL to both) guards
 * nothing: see docs/security.md.
 */
export class OrphanGuard {
  private readonly child: ChildProcess | undefined;

  constructor(options: OrphanGuardOptions = {}) {
    const args = [
      String(options.graceSeconds ?? 2),
      options.markerPrefix ?? '',
      options.cgroupDir ?? '',
      options.runtimeDir ?? '',
    ];
    try {
      this.child = spawn('/bin/sh', ['-c', SCRIPT, 'hexagent-relay-guard', ...args], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        // Nothing of the relay's environment (its token, the CLIs' keys): only where `sleep` and `sed` are.
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      });
    } catch {
      // No /bin/sh: the relay still stops its CLIs on every exit it can handle.
      this.child = undefined;
      return;
    }
    this.child.on('error', () => {});
    this.child.stdin?.on('error', () => {});
    // The guard must not keep the relay's event loop alive.
    this.child.unref();
    (this.child.stdin as { unref?: () => void } | null)?.unref?.();
  }

  /** The guard's pid (tests), or undefined when it could not start. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** A CLI started as the leader of process group `pgid`. */
  add(pgid: number | undefined): void {
    if (pgid !== undefined && pgid > 0) this.write(`+${pgid}\n`);
  }

  /** The CLI of group `pgid` is gone (stopped by the relay). */
  remove(pgid: number | undefined): void {
    if (pgid !== undefined && pgid > 0) this.write(`-${pgid}\n`);
  }

  /** The relay closed cleanly (its CLIs are stopped): the guard exits. */
  close(): void {
    this.child?.stdin?.end();
  }

  private write(line: string): void {
    const stdin = this.child?.stdin;
    if (stdin !== undefined && stdin !== null && !stdin.destroyed && stdin.writable) stdin.write(line);
  }
}
