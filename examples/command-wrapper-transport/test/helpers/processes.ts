import { readdirSync, readFileSync } from 'node:fs';

/** The live processes (zombies left out) whose environment holds `entry` (`NAME=value`), via /proc. */
export function processesWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (/\) Z /.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(entry)) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
