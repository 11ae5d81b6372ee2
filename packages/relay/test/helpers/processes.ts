import { readdirSync, readFileSync } from 'node:fs';
import { isAlive } from './relay-fixture.js';

/** Every live process whose command line has an argument equal to `arg`. */
export function processesWithArg(arg: string): number[] {
  return scan((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(arg));
}

function scan(match: (pid: number) => boolean): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (match(pid) && isAlive(pid)) found.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** SIGKILLs each of `pids` still alive: a test's cleanup, so that a failed test leaves nothing running. */
export function killEach(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}
