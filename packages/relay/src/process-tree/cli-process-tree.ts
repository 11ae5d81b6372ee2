import path from 'node:path';
import { killCgroup, removeCgroup } from './cgroup-v2.js';
import { killProcessTree } from './proc-tree.js';

/**
 * The processes of one CLI: its own cgroup when the relay tracks by cgroup, and always a marker
 * variable in its environment. `kill` stops them all, whatever they did to leave the CLI's process
 * group: a new session (the CLI's Bash tool runs each command in one), a dead parent, and, with a
 * cgroup, an emptied environment too.
 */
export class CliProcessTree {
  /** The variable to add to the CLI's environment. */
  readonly env: Readonly<Record<string, string>>;
  /** The cgroup the CLI runs in, or undefined (tracked through /proc). */
  readonly cgroupDir: string | undefined;
  private readonly marker: string;
  private killing: Promise<void> | undefined;

  constructor(name: string, value: string, cgroupDir: string | undefined) {
    this.env = { [name]: value };
    this.marker = `${name}=${value}`;
    this.cgroupDir = cgroupDir;
  }

  /** The file the CLI's launcher writes its pid to, to join the cgroup before it runs the CLI. */
  get joinFile(): string | undefined {
    return this.cgroupDir === undefined ? undefined : path.join(this.cgroupDir, 'cgroup.procs');
  }

  /**
   * SIGKILLs every process of the tree (the CLI itself, `root`, included if it still runs); resolves
   * once none is left, or after the bounded attempts. Safe to call more than once.
   */
  kill(root: number | undefined): Promise<void> {
    this.killing ??= this.killAll(root).finally(() => {
      this.killing = undefined;
    });
    return this.killing;
  }

  /** Removes the tree's cgroup (after {@link kill}); waits up to `timeoutMs` for it to empty. */
  async release(timeoutMs: number): Promise<void> {
    if (this.cgroupDir !== undefined) await removeCgroup(this.cgroupDir, timeoutMs);
  }

  private async killAll(root: number | undefined): Promise<void> {
    if (this.cgroupDir !== undefined) killCgroup(this.cgroupDir);
    // Through /proc as well: in /proc mode the only way; with a cgroup, it finds nothing more.
    if (process.platform === 'linux') await killProcessTree(root, this.marker);
    else if (root !== undefined) signalGroup(root);
  }
}

function signalGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone.
  }
}
