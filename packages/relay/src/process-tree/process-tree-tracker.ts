import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { InvalidOptionError } from '@hexagent/core';
import { PROCESS_TREE_MARKER } from '@hexagent/transport-kit';
import type { ProcessTracking } from '../relay-config.js';
import { cgroupV2Available, makeCgroup, ownCgroupV2Dir, removeCgroup } from './cgroup-v2.js';
import { CliProcessTree } from './cli-process-tree.js';

/**
 * How one relay keeps track of the processes its CLIs start. With cgroups: one cgroup v2 of its
 * own (`hexagent-relay-<pid>-<id>`, below the relay's cgroup) holding one per CLI, which every
 * process the CLI starts stays in whatever it does (new sessions, an emptied environment, a dead
 * parent); the kernel kills them all at once. Through /proc otherwise (the kit's `findProcessTree`).
 * Its markers are the kit's (`PROCESS_TREE_MARKER`), so the relay's guardian, made with this id, finds them.
 */
export class ProcessTreeTracker {
  /** How the trees are tracked. */
  readonly mode: 'cgroup' | 'proc';
  /** This relay's id in the markers: `HEXAGENT_PROCESS_TREE=<id>.<n>`. */
  readonly id: string;
  /** The relay's own cgroup (cgroup mode), holding one per CLI. */
  readonly cgroupDir: string | undefined;
  private next = 0;

  private constructor(mode: 'cgroup' | 'proc', id: string, cgroupDir: string | undefined) {
    this.mode = mode;
    this.id = id;
    this.cgroupDir = cgroupDir;
  }

  /**
   * @throws InvalidOptionError for `'cgroup'` where no cgroup can be made (no cgroup v2, a cgroup
   *   this user may not write, a kernel without `cgroup.kill`).
   */
  static create(tracking: ProcessTracking): ProcessTreeTracker {
    const id = randomBytes(6).toString('hex');
    if (tracking !== 'proc') {
      const own = cgroupV2Available() ? ownCgroupV2Dir() : undefined;
      const dir = own === undefined ? undefined : path.join(own, `hexagent-relay-${process.pid}-${id}`);
      if (dir !== undefined) {
        try {
          makeCgroup(dir);
          return new ProcessTreeTracker('cgroup', id, dir);
        } catch {
          // Fall through.
        }
      }
      if (tracking === 'cgroup') {
        throw new InvalidOptionError({
          option: 'processTracking',
          message: "'cgroup' needs a writable cgroup v2 with cgroup.kill (Linux 5.14+); use 'auto' or 'proc'",
        });
      }
    }
    // Without /proc (not Linux) only the CLI's process group can be stopped: docs/security.md.
    return new ProcessTreeTracker('proc', id, undefined);
  }

  /** The marker's prefix shared by every CLI of this relay: `HEXAGENT_PROCESS_TREE=<id>.`. */
  get markerPrefix(): string {
    return `${PROCESS_TREE_MARKER}=${this.id}.`;
  }

  /** A tree for the next CLI. */
  newTree(): CliProcessTree {
    const n = this.next++;
    let cgroup: string | undefined;
    if (this.cgroupDir !== undefined) {
      cgroup = path.join(this.cgroupDir, `cli-${n}`);
      try {
        makeCgroup(cgroup);
      } catch {
        cgroup = undefined;
      }
    }
    return new CliProcessTree(PROCESS_TREE_MARKER, `${this.id}.${n}`, cgroup);
  }

  /** Removes the relay's cgroup, once every CLI's is gone (`timeoutMs` at most). */
  async close(timeoutMs: number): Promise<void> {
    if (this.cgroupDir !== undefined) await removeCgroup(this.cgroupDir, timeoutMs);
  }
}
