import { closeSync, readdirSync, readFileSync } from 'node:fs';

/** `O_CLOEXEC` in the `flags` of /proc/<pid>/fdinfo (octal). */
const O_CLOEXEC = 0o2000000;

/**
 * Closes every file descriptor above stderr that this process inherited without close-on-exec
 * (Linux; elsewhere nothing): it would reach every process the relay starts, each CLI and so each
 * tool the CLI runs. Node.js opens its own descriptors close-on-exec, so only inherited ones are
 * closed (and never Node's IPC channel, `NODE_CHANNEL_FD`). The bin calls it first thing; a program
 * that starts a relay in its own process decides for its own descriptors.
 *
 * @returns the descriptors closed.
 */
export function closeInheritedFds(): number[] {
  const closed: number[] = [];
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return closed;
  }
  const channel = Number(process.env.NODE_CHANNEL_FD ?? -1);
  for (const name of fds) {
    const fd = Number(name);
    if (fd <= 2 || fd === channel) continue;
    let flags: number;
    try {
      flags = Number.parseInt(
        /^flags:\s+([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1] ?? '',
        8,
      );
    } catch {
      // The descriptor readdir itself used, gone now.
      continue;
    }
    if (Number.isNaN(flags) || (flags & O_CLOEXEC) !== 0) continue;
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {
      // Gone meanwhile.
    }
  }
  return closed;
}
