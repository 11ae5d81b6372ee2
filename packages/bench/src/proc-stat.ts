/**
 * The two procfs reads the bench's process views share (Linux; elsewhere they find nothing): the
 * fields of `/proc/<pid>/stat` and a `kB` line of one of its text files.
 */
import { readFileSync } from 'node:fs';

/**
 * The fields of `/proc/<pid>/stat` after the command name, so the state is index 0 (field 3 of
 * proc(5)) and field N is index N - 3; undefined when the process is gone or there is no procfs.
 */
export function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The `<name>: <n> kB` line of `/proc/<pid>/<file>`, kB; 0 when it is gone or unreadable. */
export function procKb(pid: number, file: 'status' | 'smaps_rollup', name: string): number {
  try {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match === null ? 0 : Number(match[1]);
  } catch {
    return 0;
  }
}
