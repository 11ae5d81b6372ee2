import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The guard's script (POSIX sh). It keeps the set of live CLI process groups from its input
 * (`+<pgid>` when one starts, `-<pgid>` when it is gone); when its input ends, the relay is gone
 * (a clean close, or a SIGKILL nobody could handle), so it sends SIGTERM to every group still
 * listed, waits `grace` seconds and sends SIGKILL.
 */
const SCRIPT = `
groups=" "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) groups=$(printf '%s' "$groups" | sed "s/ \${line#-} / /") ;;
  esac
done
[ "$groups" = " " ] && exit 0
for g in $groups; do kill -TERM "-$g" 2>/dev/null; done
sleep "$1"
for g in $groups; do kill -KILL "-$g" 2>/dev/null; done
exit 0
`;

/**
 * Makes sure no CLI outlives the relay, however the relay ends. The relay stops its CLIs itself on
 * SIGINT/SIGTERM and on `close()`; a SIGKILL (or a crash in native code) leaves them to notice
 * their stdin ending, which the real CLI does only between steps (a CLI waiting on a long model call
 * would run on). The guard is a small `sh` process in its own session holding a pipe from the
 * relay: when the relay dies the pipe ends and the guard kills the process groups still listed.
 */
export class OrphanGuard {
  private readonly child: ChildProcess | undefined;

  constructor(options: { graceSeconds?: number } = {}) {
    try {
      this.child = spawn('/bin/sh', ['-c', SCRIPT, 'hexagent-relay-guard', String(options.graceSeconds ?? 2)], {
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
