import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killProcessTree } from '@hexagent/transport-kit';
import type { RelayEvent } from '../relay-event.js';
import { cgroupPopulated, killCgroup, removeCgroup } from './cgroup-v2.js';

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
  private killing: Promise<number[]> | undefined;
  private failureReported = false;

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
   * SIGKILLs every process of the tree (the CLI itself, `root`, included if it still runs), again
   * and again until none is left or `budgetMs` has passed. Safe to call more than once.
   *
   * @returns the processes left when it gave up (containment failed); empty when the tree is gone.
   */
  kill(root: number | undefined, budgetMs: number): Promise<number[]> {
    this.killing ??= this.killAll(root, budgetMs).finally(() => {
      this.killing = undefined;
    });
    return this.killing;
  }

  /**
   * {@link kill}, and the `containment_failed` event for the operator the first time the tree
   * cannot be emptied (`undefined` when it is gone, or was reported already).
   */
  async contain(root: number | undefined, budgetMs: number): Promise<RelayEvent | undefined> {
    const left = await this.kill(root, budgetMs);
    if (left.length === 0 || this.failureReported) return undefined;
    this.failureReported = true;
    return {
      type: 'containment_failed',
      cliPid: root ?? -1,
      left,
      tracking: this.cgroupDir === undefined ? 'proc' : 'cgroup',
    };
  }

  /** Removes the tree's cgroup (after {@link kill}); waits up to `timeoutMs` for it to empty. */
  async release(timeoutMs: number): Promise<void> {
    if (this.cgroupDir !== undefined) await removeCgroup(this.cgroupDir, timeoutMs);
  }

  private async killAll(root: number | undefined, budgetMs: number): Promise<number[]> {
    const deadline = Date.now() + budgetMs;
    const cgroup = this.cgroupDir;
    if (cgroup !== undefined) {
      // The kernel kills every process in the cgroup at once, and nothing in it can leave it.
      killCgroup(cgroup);
      while (cgroupPopulated(cgroup) && Date.now() < deadline) await sleep(10);
      if (cgroupPopulated(cgroup)) return processesIn(cgroup);
    }
    // Through /proc as well: in /proc mode the only way; with a cgroup, it finds nothing more.
    if (process.platform === 'linux') return killProcessTree(root, this.marker, Math.max(0, deadline - Date.now()));
    if (root !== undefined) signalGroup(root);
    return [];
  }
}

function signalGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone.
  }
}

function processesIn(cgroup: string): number[] {
  try {
    return readFileSync(path.join(cgroup, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
