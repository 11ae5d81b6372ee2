import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { warnOnce } from '../warn-once.js';
import { GUARDIAN_SCRIPT } from './guardian-script.js';

/** The variable that marks every process of a guarded tree: `HEXAGENT_PROCESS_TREE=<guardian id>.<n>`. */
export const PROCESS_TREE_MARKER = 'HEXAGENT_PROCESS_TREE';

/** The warning given once when no guardian can run here (no `/bin/sh`, or it keeps dying). */
export const GUARDIAN_UNAVAILABLE_WARNING = 'HEXAGENT_GUARDIAN_UNAVAILABLE';

/** How a {@link ProcessGuardian} stops what its owner leaves behind. */
export interface ProcessGuardianOptions {
  /**
   * How long the trees get between SIGTERM and SIGKILL once the owner is gone, in ms. 0 (the
   * default): none; each guarded process is stopped (SIGSTOP) the moment its owner is gone, so that
   * it makes no further request, then its tree is SIGKILLed.
   */
  graceMs?: number;
  /** The guardian's id in the markers (letters, digits, `_` and `-`); default: 12 random hex digits. */
  id?: string;
  /**
   * How the guardian reads the process table: `'proc'` (Linux), `'ps'` (macOS and the rest; on
   * Linux, for tests), `'auto'` (the default): `'proc'` on Linux, else `'ps'`.
   */
  processTable?: 'auto' | 'proc' | 'ps';
  /** The POSIX shell that runs the guardian; default `/bin/sh`. */
  shell?: string;
  /**
   * A cgroup v2 directory holding what this process starts (a server's, as the relay's with cgroup
   * tracking): when the guardian ends, everything in it is killed at once and it is removed.
   */
  cgroupDir?: string;
  /**
   * A directory removed when the guardian ends, once the trees are stopped: a server's runtime
   * files (copies of credentials, transcripts) that must not outlive it however it dies.
   */
  removeOnExit?: string;
}

/** How many times a guardian that died (killed by someone) is replaced before giving up. */
const RESTARTS = 3;

/**
 * Makes sure that no process this one started outlives it, however it ends (a SIGKILL, an
 * out-of-memory kill, a crash in native code included), together with everything those processes
 * started. Node.js cannot ask the kernel to signal a child when its parent dies (Linux's
 * `PR_SET_PDEATHSIG` needs native code, and would not reach the child's own children), so the
 * guardian is a small `sh` process ({@link GUARDIAN_SCRIPT}) in a session of its own, holding a
 * pipe from this process: when the pipe ends, this process is gone, and the guardian stops every
 * process still listed and its whole tree (docs/reliability.md, "When your process ends").
 *
 * One guardian serves any number of processes: {@link guard} lists one, the function it returns
 * takes it off the list. The guardian starts at the first `guard()`, one turn of the event loop
 * later (the spawn that called it goes first), and never keeps this process's event loop alive. It
 * exits with this process: when this process ends, or at {@link close}, what is still listed (and
 * what carries the marker) is stopped. Where no guardian can run (Windows; no `/bin/sh`), nothing is
 * guarded and `available` is false.
 *
 * @example
 * ```ts
 * const guardian = new ProcessGuardian();
 * const child = spawn(command, args, { env: { ...env, ...guardian.nextMarker() } });
 * const release = guardian.guard(child.pid);
 * child.once('exit', release);
 * ```
 */
export class ProcessGuardian {
  /** The guardian's id: markers are `HEXAGENT_PROCESS_TREE=<id>.<n>`. */
  readonly id: string;
  private readonly options: Required<Omit<ProcessGuardianOptions, 'id' | 'cgroupDir' | 'removeOnExit'>>;
  private readonly leftovers: [cgroupDir: string, removeOnExit: string];
  private readonly listed = new Map<number, string>();
  private child: ChildProcess | undefined;
  private restarts = 0;
  private scheduled = false;
  private closed = false;
  private unavailable = process.platform === 'win32';
  private markers = 0;

  /** @throws TypeError for an `id` with other characters than letters, digits, `_` and `-`. */
  constructor(options: ProcessGuardianOptions = {}) {
    this.id = options.id ?? randomBytes(6).toString('hex');
    if (!/^[A-Za-z0-9_-]+$/.test(this.id))
      throw new TypeError(`ProcessGuardian: invalid id ${JSON.stringify(this.id)}`);
    this.options = {
      graceMs: Math.max(0, Math.round(options.graceMs ?? 0)),
      processTable: options.processTable ?? 'auto',
      shell: options.shell ?? '/bin/sh',
    };
    this.leftovers = [options.cgroupDir ?? '', options.removeOnExit ?? ''];
  }

  /** False where no guardian can run (Windows, no shell) or after {@link close}: `guard()` then does nothing. */
  get available(): boolean {
    return !this.unavailable && !this.closed;
  }

  /** The guardian process's pid while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** `HEXAGENT_PROCESS_TREE=<id>.`: what every marker of this guardian starts with. */
  get markerPrefix(): string {
    return `${PROCESS_TREE_MARKER}=${this.id}.`;
  }

  /**
   * A variable for the environment of the next process to guard, inherited by what it starts: the
   * guardian stops them too, even once their parent is gone. Empty where nothing is guarded.
   */
  nextMarker(): Record<string, string> {
    if (!this.available) return {};
    return { [PROCESS_TREE_MARKER]: `${this.id}.${this.markers++}` };
  }

  /**
   * Lists process `pid`, a child of this process, so that the guardian stops it and its tree if this
   * process ends first. Returns the function that takes it off the list (call it once the process
   * has exited or been stopped; calling it again does nothing). A `pid` that is not a child of this
   * process is not listed (on Linux it is checked here; elsewhere the guardian checks).
   */
  guard(pid: number | undefined): () => void {
    if (pid === undefined || !Number.isInteger(pid) || pid <= 1 || !this.available) return noop;
    const line = this.entryFor(pid);
    if (line === undefined) return noop;
    this.listed.set(pid, line);
    if (this.child === undefined) this.scheduleStart();
    else this.write(line);
    return () => {
      if (this.listed.get(pid) !== line) return;
      this.listed.delete(pid);
      this.write(`-${pid}`);
    };
  }

  /**
   * Starts the guardian now (`guard()` starts it on its own). Idempotent; does nothing where no
   * guardian can run.
   */
  start(): void {
    if (this.child !== undefined || !this.available) return;
    let child: ChildProcess;
    try {
      child = spawn(this.options.shell, ['-c', GUARDIAN_SCRIPT, 'hexagent-guardian', ...this.scriptArgs()], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        // Nothing of this process's environment (keys, tokens): only where `ps`, `awk` and `sleep` are.
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
        windowsHide: true,
      });
    } catch {
      this.giveUp();
      return;
    }
    this.child = child;
    child.on('error', () => this.onExit(child));
    child.on('exit', () => this.onExit(child));
    child.stdin?.on('error', noop);
    // The guardian must never keep this process alive.
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    for (const line of this.listed.values()) this.write(line);
  }

  /**
   * This process is done with its children: the guardian stops what is still listed (and what
   * carries the marker) and exits, as it does when this process ends. Nothing is guarded after.
   */
  close(): void {
    this.closed = true;
    this.listed.clear();
    this.child?.stdin?.end();
  }

  private scriptArgs(): string[] {
    return [String(this.options.graceMs), this.markerPrefix, this.readsProc() ? 'proc' : 'ps', ...this.leftovers];
  }

  /** `+<pid> <start>` for a child of this process read from /proc, `+<pid>` where the guardian checks. */
  private entryFor(pid: number): string | undefined {
    if (!this.readsProc()) return `+${pid}`;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return undefined;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[1] !== String(process.pid)) return undefined;
    return `+${pid} ${fields[19]}`;
  }

  private readsProc(): boolean {
    const table = this.options.processTable;
    return table === 'proc' || (table === 'auto' && process.platform === 'linux');
  }

  private scheduleStart(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.listed.size > 0) this.start();
    }).unref();
  }

  private write(line: string): void {
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed && stdin.writable) stdin.write(`${line}\n`);
  }

  /** The guardian died (killed by someone, or it could not run): another takes over what is listed. */
  private onExit(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.closed) return;
    if (child.pid === undefined || this.restarts >= RESTARTS) {
      this.giveUp();
      return;
    }
    this.restarts += 1;
    if (this.listed.size > 0) this.scheduleStart();
  }

  private giveUp(): void {
    this.unavailable = true;
    this.listed.clear();
    warnOnce(
      GUARDIAN_UNAVAILABLE_WARNING,
      `hexagent: no process guardian could run here (${this.options.shell}): a CLI may outlive this process if it is killed`,
    );
  }
}

function noop(): void {
  // Nothing was listed.
}
